import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS } from "@tubedigest/contracts/import-limits";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../messages.ts";
import { readCsvRecords } from "./csv-records.ts";
import type { FileChannel } from "./file-channel.ts";
import { isOpml, opmlChannels } from "./opml-channels.ts";
import { takeoutChannels } from "./takeout-csv.ts";

export type { FileChannel };

/** What a subscriptions file holds: each channel once (the first title given for it), in the file's order. */
export interface SubscriptionsFile {
  format: "takeout-csv" | "opml";
  channels: FileChannel[];
  /** Rows naming no channel: a CSV line without a channel id, an outline of some other feed. */
  skippedRows: number;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Reads a subscriptions file as uploaded: Google Takeout's `subscriptions.csv`, or an OPML file of channel
 * feeds. Refuses the whole file, with a message saying what to choose instead, when it is over 1 MB or
 * 5,000 rows, is not UTF-8 text, or names no channel.
 */
export function readSubscriptionsFile(bytes: Uint8Array): SubscriptionsFile {
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw new HttpError(413, messages.importFileTooLarge);
  if (ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte))
    throw new HttpError(400, messages.importZipArchive);
  let text: string;
  try {
    // A UTF-8 byte order mark (Excel writes one) is dropped by the decoder.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, messages.importNotText);
  }
  if (text.includes("\u0000")) throw new HttpError(400, messages.importNotText);

  const opml = text.trimStart().startsWith("<");
  if (opml && !isOpml(text)) throw new HttpError(400, messages.importNotText);
  let rows: FileChannel[];
  let skipped: number;
  if (opml) {
    const read = opmlChannels(text);
    if (read.outlines > MAX_IMPORT_ROWS) throw new HttpError(400, messages.importTooManyRows);
    ({ rows, skipped } = read);
  } else {
    const records = readCsvRecords(text);
    // One more than the rows, for the header.
    if (records.length > MAX_IMPORT_ROWS + 1) throw new HttpError(400, messages.importTooManyRows);
    ({ rows, skipped } = takeoutChannels(records));
    if (rows.length > MAX_IMPORT_ROWS) throw new HttpError(400, messages.importTooManyRows);
  }
  if (rows.length === 0) throw new HttpError(400, messages.importNoChannelIds);

  const channels = new Map<string, FileChannel>();
  for (const row of rows) {
    const known = channels.get(row.youtubeChannelId);
    if (!known) channels.set(row.youtubeChannelId, row);
    else if (known.title === null) known.title = row.title;
  }
  return { format: opml ? "opml" : "takeout-csv", channels: [...channels.values()], skippedRows: skipped };
}
