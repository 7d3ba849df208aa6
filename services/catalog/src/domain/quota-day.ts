// YouTube resets every project's quota at midnight Pacific time, so that is the ledger's day too.
const PACIFIC_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The quota day an instant falls in, as YYYY-MM-DD. */
export function quotaDayOf(instant: Date): string {
  return PACIFIC_DATE.format(instant);
}
