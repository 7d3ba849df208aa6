import type { EventHandler } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { summarisePublishedVideo } from "../summaries/summarise-published-video.ts";

/**
 * Summarises a followed channel's new video when catalog finds it. No inbox: a summary is made once per
 * video whoever asks, so a redelivery finds it made, and no transaction is held while the model works.
 */
export function summariseNewVideo(context: SummariserContext): EventHandler<"video.published"> {
  return async (event, { log }) => {
    const outcome = await summarisePublishedVideo(context, event.data);
    const details = { videoId: event.data.youtubeVideoId, channelId: event.data.youtubeChannelId };
    if (outcome === "not-followed")
      log.info(details, "new video of a channel nobody follows; not summarised");
    else log.info(details, `new video ${outcome}`);
  };
}
