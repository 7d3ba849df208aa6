import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { ChannelSearch } from "../../components/channel-search.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { type ChannelSearchResult, formatSubscribers } from "../../lib/channels.ts";
import type { CurrentUser } from "../../lib/current-user.ts";
import { ChannelFace } from "./channel-face.tsx";
import { ChannelLimitNotice } from "./channel-limit-notice.tsx";
import { ImportSubscriptions } from "./import-subscriptions.tsx";
import { SingleSummaryForm } from "./single-summary-form.tsx";
import { asSearchResult, type DashboardChannel, useUserChannels } from "./use-user-channels.ts";

/**
 * 'My YouTube Channels' (docs/product.md#dashboard): search to add (with a note at the plan's limit), the
 * subscriptions import, the list with remove, and the single summary form.
 */
export function ChannelsTab({ user }: { user: CurrentUser }) {
  const { channels, error, isLoading, add, remove } = useUserChannels(true);
  const followed = (channels ?? []).map(asSearchResult);

  // The search cards toggle: pressing an unchosen one adds it, pressing a chosen one removes it.
  const change = (next: ChannelSearchResult[]) => {
    const added = next.find((candidate) => !followed.some((channel) => channel.id === candidate.id));
    if (added) {
      void add(added);
      return;
    }
    const removed = channels?.find((channel) => !next.some((candidate) => candidate.id === channel.id));
    if (removed) void remove(removed);
  };

  return (
    <div className="dashboard-stack">
      <section className="dashboard-section" aria-labelledby="add-channels-title">
        <h2 id="add-channels-title" className="dashboard-card-title">
          Add channels
        </h2>
        <ChannelLimitNotice user={user} />
        <ChannelSearch mode="multiple" selected={followed} onSelectedChange={change} />
      </section>

      <ImportSubscriptions user={user} />

      <section className="dashboard-section" aria-labelledby="your-channels-title" aria-busy={isLoading}>
        <h2 id="your-channels-title" className="dashboard-card-title">
          Your channels
        </h2>
        {isLoading ? (
          <ChannelSkeletons />
        ) : error ? (
          <EmptyState title="Your channels could not be loaded.">
            Please reload the page to try again.
          </EmptyState>
        ) : channels && channels.length > 0 ? (
          <ul className="dashboard-channels">
            {channels.map((channel) => (
              <ChannelRow key={channel.id} channel={channel} onRemove={remove} />
            ))}
          </ul>
        ) : (
          <EmptyState>
            You haven't added any channels yet. Use the search above to find your favorite YouTube channels.
          </EmptyState>
        )}
      </section>

      <SingleSummaryForm />
    </div>
  );
}

function ChannelRow({
  channel,
  onRemove,
}: {
  channel: DashboardChannel;
  onRemove: (channel: DashboardChannel) => Promise<void>;
}) {
  const [removing, setRemoving] = useState(false);
  const removeThis = () => {
    setRemoving(true);
    onRemove(channel).finally(() => setRemoving(false));
  };
  return (
    <li className="dashboard-channel">
      <ChannelFace
        title={channel.title}
        thumbnailUrl={channel.thumbnailUrl}
        size={48}
        detail={
          channel.subscriberCount === undefined ? undefined : formatSubscribers(channel.subscriberCount)
        }
      />
      {/* An icon on a phone, where the word would take the name's room; the name is always spoken. */}
      <Button
        variant="ghost"
        className="dashboard-channel-remove"
        busy={removing}
        onClick={removeThis}
        aria-label={`Remove ${channel.title}`}
      >
        {removing ? null : <RemoveIcon />}
        <span className="dashboard-channel-remove-text">{removing ? "Removing..." : "Remove"}</span>
      </Button>
    </li>
  );
}

function RemoveIcon() {
  return (
    <svg className="dashboard-channel-remove-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

function ChannelSkeletons() {
  return (
    <div className="dashboard-channels">
      <p className="visually-hidden">Loading your channels</p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="dashboard-channel">
          <Skeleton className="dashboard-channel-logo" />
          <Skeleton className="dashboard-skeleton-line" />
        </div>
      ))}
    </div>
  );
}
