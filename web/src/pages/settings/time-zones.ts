import { isTimeZone } from "@tubedigest/contracts/time-zone";

/**
 * The IANA zones to choose from: the browser's own list, plus the stored zone (say "UTC", which some
 * browsers leave out of it) so the current choice is always shown; only names the shared rule accepts.
 */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set([...known, "UTC", current].filter(isTimeZone));
  return [...zones].sort((a, b) => a.localeCompare(b));
}
