import { useState } from "react";
import { useSearch } from "wouter";
import { AuthRequired } from "../components/auth-required.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { Tabs } from "../components/tabs.tsx";
import { useAutoLogin } from "../lib/auto-login.ts";
import type { CurrentUser } from "../lib/current-user.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { ChannelsTab } from "./dashboard/channels-tab.tsx";
import { LatestNewsletter } from "./dashboard/latest-newsletter.tsx";
import { NewslettersTab } from "./dashboard/newsletters-tab.tsx";
import { ProfileCard } from "./dashboard/profile-card.tsx";
import "./dashboard/dashboard.css";

/** "3 of 5 channels": how many the reader follows of what the plan allows, when the server could say. */
function channelsUsed(user: CurrentUser): string | undefined {
  if (user.channelAllowance === null) return undefined;
  return `${user.channelCount} of ${user.channelAllowance} channel${user.channelAllowance === 1 ? "" : "s"}`;
}

/**
 * /dashboard (docs/product.md#dashboard): the signed-in user's channels, single summaries and
 * newsletters.
 */
export default function DashboardPage() {
  const { user } = useAutoLogin();
  // A past newsletter's page leads back here with the history open (?tab=newsletters).
  const opened = new URLSearchParams(useSearch()).get("tab");
  const [tab, setTab] = useState(opened === "newsletters" ? "newsletters" : "channels");
  usePageTitle(user === null ? "Authentication Required" : "Dashboard");

  if (user === undefined) return <PageLoading label="Loading your dashboard" />;
  if (user === null) return <AuthRequired purpose="access your dashboard" />;
  return (
    <section className="container dashboard">
      <h1 className="dashboard-title">Dashboard</h1>
      <div className="dashboard-layout">
        <div className="dashboard-side">
          <ProfileCard user={user} />
          <LatestNewsletter
            user={user}
            historyOpen={tab === "newsletters"}
            showHistory={() => setTab("newsletters")}
          />
        </div>
        <div className="card dashboard-main">
          {/* Each panel mounts only while open, so newsletters are fetched only on their tab. */}
          <Tabs
            label="Dashboard sections"
            value={tab}
            onValueChange={setTab}
            items={[
              {
                value: "channels",
                label: "My YouTube Channels",
                detail: channelsUsed(user),
                content: <ChannelsTab user={user} />,
              },
              { value: "newsletters", label: "Newsletter History", content: <NewslettersTab /> },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
