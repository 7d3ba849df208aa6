/** The longest IANA zone name is 30 characters; anything much longer is not one. */
const MAX_LENGTH = 64;
/** "Area/Location" names and the bare "UTC" family; offsets like "+05:00" are not zones (no DST rules). */
const ZONE_NAME = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/**
 * Whether `name` is an IANA time zone this runtime knows (e.g. "Europe/Berlin", "UTC"). Pure: the
 * browser (settings, sign-up) and the services check with the same function.
 */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > MAX_LENGTH || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a user gets when none was given. */
export const DEFAULT_TIME_ZONE = "UTC";
