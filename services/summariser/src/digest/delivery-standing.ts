import { DEFAULT_DELIVERY_TIME } from "@tubedigest/contracts/delivery-time";
import type { DeliveryTimeReply } from "@tubedigest/contracts/reader-settings";
import { DEFAULT_TIME_ZONE } from "@tubedigest/contracts/time-zone";
import type { Kysely } from "kysely";
import type { SummariserDatabase } from "../store/database.ts";
import { DigestRepository } from "../store/digest-repository.ts";
import { deliveryOf, type RecipientRow } from "../store/recipient-repository.ts";
import { type DeliverySchedule, digestPeriod, nextDelivery, weekAfter } from "./digest-week.ts";

/** The reader's delivery time as the settings page shows it. */
export type DeliveryStanding = DeliveryTimeReply;

/**
 * The delivery time, the cadence in force and the next delivery: this week's (or day's) when it is still
 * ahead and has no digest yet, else the next one's.
 */
export async function deliveryStanding(
  db: Kysely<SummariserDatabase>,
  userId: string,
  row: RecipientRow | undefined,
  now: Date,
): Promise<DeliveryStanding> {
  // No event about the reader yet (they signed up a moment ago): the defaults every reader starts with.
  const delivery: DeliverySchedule = row ? deliveryOf(row) : DEFAULT_DELIVERY_TIME;
  const timeZone = row?.time_zone ?? DEFAULT_TIME_ZONE;
  const current = digestPeriod(timeZone, now, delivery);
  const done = await new DigestRepository(db).find({ userId, weekKey: current.weekKey });
  const next = done ? weekAfter(timeZone, current, delivery) : nextDelivery(timeZone, now, delivery);
  return {
    cadence: delivery.cadence ?? "weekly",
    weekday: delivery.weekday,
    hour: delivery.hour,
    timeZone,
    nextDeliveryAt: next.dueAt.toISOString(),
  };
}
