import type { DigestDeliveryReply } from "@tubedigest/contracts/reader-settings";
import { useApi } from "../../../lib/use-api.ts";

/** GET /api/user/password: whether the account has a password (settings offers to set or change it). */
export function usePasswordState() {
  return useApi<{ hasPassword: boolean }>("/api/user/password");
}

/** GET /api/user/deliveries: whether the weekly digest is paused, until when, and the Monday it resumes. */
export type DigestDelivery = DigestDeliveryReply;

export const DELIVERIES_PATH = "/api/user/deliveries";

export function useDigestDelivery() {
  return useApi<DigestDelivery>(DELIVERIES_PATH);
}

/** "Monday 21 December 2026", for a calendar date (`YYYY-MM-DD`) as the reader's own day. */
export function longDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
