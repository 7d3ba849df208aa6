/**
 * What the subscriptions import reads (docs/product.md#import-your-subscriptions): catalog enforces these,
 * and the web app names them before sending a file. Pure constants, so the web app may import them.
 */

/** The largest subscriptions file the import reads: 1 MB. */
export const MAX_IMPORT_FILE_BYTES = 1024 * 1024;

/** The most rows (a CSV's lines after its header, an OPML file's outlines) the import reads from one file. */
export const MAX_IMPORT_ROWS = 5_000;

/**
 * The largest request of the import: a file to look up, base64-encoded (4 characters per 3 bytes), with
 * room to spare, so a file somewhat over the limit still reaches catalog and is told so clearly; or the
 * chosen ids, at most one per row.
 */
export const MAX_IMPORT_REQUEST_BYTES = 2 * MAX_IMPORT_FILE_BYTES;
