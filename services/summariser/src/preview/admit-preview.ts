import { clientNetwork } from "@tubedigest/http/client-network";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { PreviewClientRepository } from "../store/preview-client-repository.ts";

/** The cap counts the channels a client previewed for the first time within this long. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A client has previewed as many new channels as a day allows; `retryAfterSeconds` says when one is free. */
export class PreviewLimitError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = "PreviewLimitError";
  }
}

/**
 * Lets a preview through the daily cap of new channels per client (each new channel costs a look at
 * YouTube and a summary): channels the client previewed within the last day are free again; new ones are
 * counted, and a preview that would go over the cap is refused whole, saying when to try again.
 */
export async function admitPreview(
  context: SummariserContext,
  input: { clientAddress: string; youtubeChannelIds: readonly string[] },
): Promise<void> {
  const client = clientNetwork(input.clientAddress);
  const cap = context.previewNewChannelsPerDay;
  const now = context.now();
  const since = new Date(now.getTime() - DAY_MS);
  await context.db.transaction().execute(async (trx) => {
    const clients = new PreviewClientRepository(trx);
    await clients.lock(client);
    await clients.forgetBefore(since);
    const seen = await clients.channelsSince(client, since);
    const known = new Set(seen.map((row) => row.youtube_channel_id));
    const fresh = [...new Set(input.youtubeChannelIds)].filter((id) => !known.has(id));
    const over = seen.length + fresh.length - cap;
    if (fresh.length > cap) throw new PreviewLimitError(messages.previewTooManyChannels(cap), DAY_MS / 1000);
    if (over > 0) {
      // The `over` earliest of today's channels must age out before these fit.
      const freedAt = (seen[over - 1]?.previewed_at.getTime() ?? now.getTime()) + DAY_MS;
      const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      throw new PreviewLimitError(messages.previewLimitReached(cap, seconds), seconds);
    }
    await clients.add(client, fresh, now);
  });
}
