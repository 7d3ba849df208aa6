import { deliveryTimeLabel } from "@tubedigest/contracts/delivery-time";
import type { DeliveryTimeReply } from "@tubedigest/contracts/reader-settings";
import { useCurrentUser } from "./current-user.ts";
import { useApi } from "./use-api.ts";

/** Where every reader starts, said as the SPEC says it. */
const DEFAULT_PHRASE = "every Monday at 9:00 AM";

/**
 * When this reader's weekly digest comes, in words for a sentence: "every Friday at 18:00" once a signed-in
 * reader's own day and hour are known (the summariser's `GET /api/user/delivery-time`), "every Monday at
 * 9:00 AM" for a visitor or anyone who kept the default.
 */
export function useDeliveryPhrase(): string {
  const { user } = useCurrentUser();
  const { data } = useApi<DeliveryTimeReply>(user ? "/api/user/delivery-time" : null);
  if (!data || (data.weekday === 1 && data.hour === 9)) return DEFAULT_PHRASE;
  return `every ${deliveryTimeLabel(data)}`;
}
