import { randomUUID } from "node:crypto";
import { access, chmod, constants, mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { type MailTransport, type OutgoingMail, TransientSendError } from "./mail-transport.ts";
import { composedMail } from "./message-composition.ts";

/** One message in the development mailbox, as its list shows it. */
export interface MailboxEntry {
  /** The file's name without `.eml`: `<time>-<Message-ID's local part>`. */
  id: string;
  file: string;
  subject: string;
  to: string;
  date: Date;
}

/** One message in full. */
export interface MailboxMessage {
  id: string;
  subject: string;
  to: string;
  from: string;
  date: Date;
  html: string;
  text: string;
  /** Every top-level header by lower-case name, unfolded, as written (encoded words left encoded). */
  headers: Record<string, string>;
}

const EML = ".eml";
// What an id may hold: no separator, so an id read from a URL never names a file outside the folder.
const MAILBOX_ID = /^[A-Za-z0-9_.-]{1,200}$/;

/** `2026-11-23T20-00-00-000Z-<local part>`: names sort by the time written, and say which message. */
function fileNameFor(mail: OutgoingMail, at: Date): string {
  const stamp = at.toISOString().replaceAll(/[:.]/g, "-");
  const localPart = mail.messageId.replace(/^<|>$/g, "").split("@")[0] ?? "";
  const token = localPart.replaceAll(/[^A-Za-z0-9_.-]/g, "_").slice(0, 100) || randomUUID();
  return `${stamp}-${token}${EML}`;
}

/**
 * The embedded product's delivery: each message an .eml file in `folder`, readable by the owner alone,
 * as the development mailbox lists it. No recipient refuses anything here; a write that fails (a full
 * disk) is a refusal for now, tried again later.
 */
export function createFileTransport(options: { folder: string; now?: () => Date }): MailTransport {
  const now = options.now ?? (() => new Date());
  let prepared: Promise<void> | undefined;
  // Made once; a failure (a folder that cannot be made yet) is tried again by the next message.
  const ready = () => {
    prepared ??= (async () => {
      await mkdir(options.folder, { recursive: true, mode: 0o700 });
      // mkdir's mode only applies to a folder it creates; one made otherwise is narrowed too.
      await chmod(options.folder, 0o700);
    })().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };
  const write = async (mail: OutgoingMail) => {
    await ready();
    const at = now();
    const source = await new MailComposer({ ...composedMail(mail), date: at }).compile().build();
    const file = path.join(options.folder, fileNameFor(mail, at));
    // Written aside, then renamed: the mailbox never lists a message half written.
    const partial = `${file}.${randomUUID()}.partial`;
    await writeFile(partial, source, { mode: 0o600, flag: "wx" });
    await rename(partial, file);
  };
  return {
    name: "file",
    async send(mail) {
      try {
        await write(mail);
      } catch (error) {
        // A full disk or a folder not writable yet: nothing about the recipient, so tried again later.
        throw new TransientSendError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
    async verify() {
      try {
        await ready();
        await access(options.folder, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    async close() {},
  };
}

const addressText = (value: { text: string } | { text: string }[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((address) => address.text).join(", ");

/** The newest `limit` messages in `folder`, newest first; none when the folder does not exist yet. */
export async function listMailbox(folder: string, limit = 200): Promise<MailboxEntry[]> {
  let files: string[];
  try {
    files = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const newest = files
    .filter((file) => file.endsWith(EML))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(
    newest.map(async (file): Promise<MailboxEntry> => {
      const source = await readFile(path.join(folder, file), "utf8");
      // The list needs headers only: parsing just them keeps a long mailbox quick to show.
      const headerEnd = source.search(/\r?\n\r?\n/);
      const parsed = await simpleParser(headerEnd === -1 ? source : source.slice(0, headerEnd));
      return {
        id: file.slice(0, -EML.length),
        file,
        subject: parsed.subject ?? "",
        to: addressText(parsed.to),
        date: parsed.date ?? new Date(0),
      };
    }),
  );
  return entries;
}

/** One message by its id; undefined when there is none (or the id could not be one). */
export async function readMailboxMessage(folder: string, id: string): Promise<MailboxMessage | undefined> {
  if (!MAILBOX_ID.test(id)) return undefined;
  let source: Buffer;
  try {
    source = await readFile(path.join(folder, `${id}${EML}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = await simpleParser(source);
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(":") + 1)
      .replaceAll(/\r?\n[ \t]+/g, " ")
      .trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return {
    id,
    subject: parsed.subject ?? "",
    to: addressText(parsed.to),
    from: addressText(parsed.from),
    date: parsed.date ?? new Date(0),
    html: parsed.html || "",
    text: parsed.text ?? "",
    headers,
  };
}
