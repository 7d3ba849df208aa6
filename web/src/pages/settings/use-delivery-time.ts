import type { DeliveryTimeReply } from "@tubedigest/contracts/reader-settings";
import { useApi } from "../../lib/use-api.ts";

/** GET /api/user/delivery-time: when the weekly digest goes out, in the profile's zone. */
export type DeliveryTimeStanding = DeliveryTimeReply;

export const DELIVERY_TIME_PATH = "/api/user/delivery-time";

export function useDeliveryTime() {
  return useApi<DeliveryTimeStanding>(DELIVERY_TIME_PATH);
}

/** "Friday 27 November at 18:00": an instant as the reader's own clock says it. */
export function localDeliveryLabel(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} at ${part("hour")}:${part("minute")}`;
}
