import { type ChannelSearchResult, formatSubscribers, subscriberCountOf } from "../lib/channels.ts";

interface ChannelCardProps {
  channel: ChannelSearchResult;
  selected: boolean;
  onToggle: (channel: ChannelSearchResult) => void;
}

/** A search result as a toggle button: pressing it selects or deselects the channel (aria-pressed). */
export function ChannelCard({ channel, selected, onToggle }: ChannelCardProps) {
  return (
    <button type="button" className="channel-card" aria-pressed={selected} onClick={() => onToggle(channel)}>
      <img
        className="channel-card-logo"
        src={channel.snippet.thumbnails.default.url}
        alt=""
        width={48}
        height={48}
        loading="lazy"
      />
      <span className="channel-card-text">
        <span className="channel-card-title">{channel.snippet.title}</span>
        <span className="channel-card-meta">{formatSubscribers(subscriberCountOf(channel))}</span>
      </span>
      <span className="channel-card-check" aria-hidden="true">
        {selected ? "✓" : "+"}
      </span>
    </button>
  );
}
