import type { ChannelSearchResult } from "../../lib/channels.ts";
import type { Preview } from "./use-preview.ts";

interface PreviewChannelsProps {
  channels: Preview["channels"];
  /** The channels as chosen, in the order the preview answers them: their logos. */
  selected: readonly ChannelSearchResult[];
}

/** The channels this preview covers, each with how many videos a week the newsletter summarises. */
export function PreviewChannels({ channels, selected }: PreviewChannelsProps) {
  const rows = channels.map((channel, index) => ({
    ...channel,
    id: selected[index]?.id ?? channel.title,
    logo: selected[index]?.snippet.thumbnails.default.url,
  }));
  return (
    <section className="preview-channels" aria-labelledby="preview-channels-title">
      <h2 id="preview-channels-title">Your channels</h2>
      <ul>
        {rows.map((channel) => (
          <li key={channel.id} className="preview-channel">
            {channel.logo ? <img src={channel.logo} alt="" width={40} height={40} /> : null}
            <span className="preview-channel-title">{channel.title}</span>
            <span className="preview-channel-count">{channel.videoCount} videos analyzed weekly</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
