/** A date from the API as the reader's locale writes it: "March 4, 2027". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}
