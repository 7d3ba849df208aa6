/** A search runs only for at least 2 non-blank characters (docs/product.md#validation). */
export const MIN_QUERY_LENGTH = 2;

/** The text to search for, or null when it is too short to search (the results are then cleared). */
export function searchableQuery(text: string): string | null {
  const query = text.trim().replace(/\s+/g, " ");
  return query.length >= MIN_QUERY_LENGTH ? query : null;
}
