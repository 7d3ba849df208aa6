import { isTimeZone } from "@tubedigest/contracts/time-zone";

/** The browser's IANA zone, so the weekly digest lands Monday 09:00 where the reader is; the server defaults otherwise. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}
