import type { CatalogAccountSummary } from "@tubedigest/contracts/current-user";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { HttpError } from "@tubedigest/http/http-error";

/** How many channels a reader follows, as catalog (which owns the follows) counts them now. */
export interface FollowedChannels {
  count(userId: string, requestId: string): Promise<number>;
}

const TIMEOUT_MS = 5_000;
const CATALOG_AWAY = "We could not check your channels just now. Please try again in a moment.";

/**
 * Asks catalog's `/internal/account-summary` on the reader's behalf, with the proof services share the
 * secret to make (catalog believes the caller only with it): asked when it matters, so a channel removed
 * a moment ago counts as removed. Catalog away: a 503 that says to try again.
 */
export function createCatalogFollowedChannels(catalogUrl: string, identitySecret: string): FollowedChannels {
  const address = `${catalogUrl.replace(/\/+$/, "")}/internal/account-summary`;
  return {
    async count(userId, requestId) {
      let answer: Response;
      try {
        answer = await fetch(address, {
          headers: callerHeaders(identitySecret, userId, requestId),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new HttpError(503, CATALOG_AWAY);
      }
      if (!answer.ok) throw new HttpError(503, CATALOG_AWAY);
      const summary = (await answer.json()) as CatalogAccountSummary;
      return summary.channelCount;
    },
  };
}
