import { isTimeZone } from "@tubedigest/contracts/time-zone";

/** One zone to choose from, as a person reads it. */
export interface TimeZoneChoice {
  /** The IANA name the server stores: "America/New_York". */
  zone: string;
  /** "America/New York (UTC-05:00)": the name without underscores, and its offset now. */
  label: string;
  /** The browser's own zone, offered first. */
  suggested: boolean;
}

// Browsers still list these zones by names IANA has since replaced (ICU keeps CLDR's old spellings):
// people look for Kolkata and Kyiv, and both spellings name the same zone everywhere.
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's name as IANA spells it today: "Asia/Kolkata" for the browser's "Asia/Calcutta". */
export function currentZoneName(zone: string): string {
  return Object.hasOwn(CURRENT_NAMES, zone) ? (CURRENT_NAMES[zone] ?? zone) : zone;
}

/** "UTC+01:00" for a zone at `moment` (summer time included), "UTC+00:00" for UTC itself. */
export function utcOffset(zone: string, moment: Date): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(moment)
    .find((part) => part.type === "timeZoneName")?.value;
  // "GMT+01:00", or "GMT" alone at offset zero; the minus sign may be U+2212.
  const offset = name?.replace(/^GMT/, "").replace("\u2212", "-") || "+00:00";
  return `UTC${offset}`;
}

/**
 * The IANA zones to choose from, by their current names: the browser's own list, plus the stored zone
 * (say "UTC", which some browsers leave out of it) so the current choice is always there, only names the
 * shared rule accepts; the browser's zone first, then the rest by name.
 */
export function timeZoneChoices(
  current: string,
  browserZone: string | undefined,
  moment: Date = new Date(),
): TimeZoneChoice[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const suggested = browserZone === undefined ? undefined : currentZoneName(browserZone);
  const named = [...known, "UTC", current, suggested ?? "UTC"].map(currentZoneName).filter(isTimeZone);
  const zones = [...new Set(named)].sort((a, b) => a.localeCompare(b));
  const choices = zones.map((zone) => ({
    zone,
    label: `${zone.replaceAll("_", " ")} (${utcOffset(zone, moment)})`,
    suggested: zone === suggested,
  }));
  return [...choices.filter((choice) => choice.suggested), ...choices.filter((choice) => !choice.suggested)];
}

/** The choices whose label holds every word typed, in any order ("berlin", "utc+01", "america york"). */
export function matchingTimeZones(choices: readonly TimeZoneChoice[], typed: string): TimeZoneChoice[] {
  const words = typed.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter((choice) => {
    const label = choice.label.toLowerCase();
    return words.every((word) => label.includes(word));
  });
}
