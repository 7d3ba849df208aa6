import type { CsvRecord } from "./csv-records.ts";
import { channelIdIn, type FileChannel, fileTitle } from "./file-channel.ts";

/** Google Takeout's subscriptions.csv columns, in its order: Channel Id, Channel Url, Channel Title. */
const TAKEOUT_COLUMNS = { id: 0, url: 1, title: 2 };

/**
 * The channels of a CSV export of subscriptions (Google Takeout's `subscriptions.csv`). The header, when
 * there is one, says which column is which (Takeout writes them in the reader's language, so a header is
 * known by holding no channel id); without one Takeout's order is assumed. A row is read by its id column,
 * or else its address column; a row with neither is skipped and counted.
 */
export function takeoutChannels(records: readonly CsvRecord[]): { rows: FileChannel[]; skipped: number } {
  const [first] = records;
  const hasHeader = first !== undefined && !first.fields.some((field) => channelIdIn(field) !== undefined);
  const columns = hasHeader && first ? columnsOf(first.fields) : TAKEOUT_COLUMNS;
  const rows: FileChannel[] = [];
  let skipped = 0;
  for (const record of hasHeader ? records.slice(1) : records) {
    const { fields } = record;
    const id = channelIdIn(fields[columns.id] ?? "") ?? channelIdIn(fields[columns.url] ?? "");
    if (id === undefined) skipped++;
    else rows.push({ youtubeChannelId: id, title: fileTitle(fields[columns.title]) });
  }
  return { rows, skipped };
}

/** The columns an English header names; Takeout's order for any it does not. */
function columnsOf(header: readonly string[]): typeof TAKEOUT_COLUMNS {
  const named = (pattern: RegExp, fallback: number) => {
    const index = header.findIndex((name) => pattern.test(name.trim()));
    return index === -1 ? fallback : index;
  };
  return {
    id: named(/^channel ?id$/i, TAKEOUT_COLUMNS.id),
    url: named(/^channel ?url$/i, TAKEOUT_COLUMNS.url),
    title: named(/^channel ?(title|name)$/i, TAKEOUT_COLUMNS.title),
  };
}
