import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { AuthRequired } from "../components/auth-required.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { Tabs } from "../components/tabs.tsx";
import { useAutoLogin } from "../lib/auto-login.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { AccountPanel } from "./settings/account/account-panel.tsx";
import { ProfileForm } from "./settings/profile-form.tsx";
import { SubscriptionPanel } from "./settings/subscription-panel.tsx";
import "./settings/settings.css";

const SETTINGS_TABS: readonly string[] = ["profile", "account", "subscription"];

/**
 * /settings (docs/product.md#settings): after the one automatic login, the profile and the subscription in
 * tabs, with the account's own between them (address, password, the digest's pause, deletion).
 */
export default function SettingsPage() {
  const { user } = useAutoLogin();
  // Links elsewhere open a tab by name: 'Change Plan' and the unsubscribe page's ?tab=subscription, say.
  const opened = new URLSearchParams(useSearch()).get("tab");
  const named = opened && SETTINGS_TABS.includes(opened) ? opened : undefined;
  const [tab, setTab] = useState(named ?? "profile");
  // A link on this page to another tab (the cancel dialog's 'Pause Deliveries Instead') opens it too.
  useEffect(() => {
    if (named) setTab(named);
  }, [named]);
  usePageTitle(user === null ? "Authentication Required" : "Settings");

  if (user === undefined) return <PageLoading />;
  if (user === null) {
    return <AuthRequired purpose="manage your settings" />;
  }
  return (
    <section className="container settings">
      <h1>Account Settings</h1>
      <Tabs
        label="Settings"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: "profile", label: "Profile", content: <ProfileForm /> },
          { value: "account", label: "Account", content: <AccountPanel /> },
          { value: "subscription", label: "Subscription", content: <SubscriptionPanel /> },
        ]}
      />
    </section>
  );
}
