import { HttpError } from "@tubedigest/http/http-error";

/** A CSV record with the line it starts on, for messages that point at it. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Reads CSV text as RFC 4180 describes it: commas between fields, double quotes around a field that holds
 * commas, quotes or line breaks (a quote inside doubled), records ended by CRLF, LF or CR. Blank lines are
 * not records. A quote left open would swallow the rest of the file into one field, so it is refused.
 */
export function readCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  let i = 0;
  while (i < text.length) {
    PLAIN.lastIndex = i;
    const plain = PLAIN.exec(text);
    if (plain) {
      field += plain[0];
      i += plain[0].length;
      continue;
    }
    const char = text[i];
    if (char === '"') {
      const quoteLine = line;
      let end = text.indexOf('"', i + 1);
      // A doubled quote inside the quotes is one quote of the field.
      while (end !== -1 && text[end + 1] === '"') end = text.indexOf('"', end + 2);
      if (end === -1) {
        throw new HttpError(
          400,
          `This CSV file has a quotation mark that is never closed (line ${quoteLine}). Download the file again, or fix that line.`,
        );
      }
      const quoted = text.slice(i + 1, end);
      field += quoted.replaceAll('""', '"');
      line += quoted.match(LINE_BREAK)?.length ?? 0;
      i = end + 1;
    } else if (char === ",") {
      fields.push(field);
      field = "";
      i++;
    } else {
      // A line end: CRLF, LF or CR.
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1;
      endRecord();
      line++;
      recordLine = line;
    }
  }
  endRecord();
  return records;
}

/** A run of characters that are neither a quote, a comma nor a line end. */
const PLAIN = /[^",\r\n]+/y;
const LINE_BREAK = /\r\n|\r|\n/g;
