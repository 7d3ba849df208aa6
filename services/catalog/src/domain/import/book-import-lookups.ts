import { HttpError } from "@tubedigest/http/http-error";
import type { CatalogContext } from "../catalog-context.ts";
import { messages } from "../messages.ts";
import { quotaDayOf } from "../quota-day.ts";

/**
 * The channels.list calls one reader's imports may make in a quota day: two files of 5,000 channels
 * nobody asked about before. Without it one account could spend the day's quota that every reader's
 * follows and upload checks share.
 */
export const IMPORT_LOOKUP_CALLS_PER_DAY = 200;
const KEPT_SECONDS = 2 * 24 * 60 * 60;

/**
 * Books `calls` against the reader's import lookups of the quota day, or refuses them all with a 429.
 * Kept in the cache rather than the database: it only needs to hold for a day, and two lookups racing
 * past it by a file's worth cost no more than the limit is there to bound.
 */
export async function bookImportLookups(
  context: CatalogContext,
  userId: string,
  calls: number,
): Promise<void> {
  const key = `import-lookups:${userId}:${quotaDayOf(context.now())}`;
  const spent = (await context.cache.get<number>(key)) ?? 0;
  if (spent + calls > IMPORT_LOOKUP_CALLS_PER_DAY) throw new HttpError(429, messages.importLookupsSpent);
  await context.cache.set(key, spent + calls, KEPT_SECONDS);
}
