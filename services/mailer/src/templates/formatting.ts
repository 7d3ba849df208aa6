const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const TIME = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
// Amounts in en-US USD with two decimals (docs/product.md#prices).
const USD = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function instant(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${JSON.stringify(iso)}`);
  return date;
}

/** "23 November 2026": the day in UTC, which every e-mail uses, so two e-mails never disagree. */
export function formatDate(iso: string): string {
  return DAY.format(instant(iso));
}

/** "14:05 UTC on 23 November 2026", for deadlines within the day, such as a sign-in link's. */
export function formatDateTime(iso: string): string {
  return `${TIME.format(instant(iso))} UTC on ${formatDate(iso)}`;
}

/** "$9.99". */
export function formatUsd(cents: number): string {
  return USD.format(cents / 100);
}

/** "Hi Ana," or "Hi," when the name is unknown. */
export function greeting(name: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? `Hi ${trimmed},` : "Hi,";
}

/** Text on one line, for subjects and preheaders: titles may carry line breaks or tabs. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** "A", "A and B", "A, B and C". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "1 video", "12 videos". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
