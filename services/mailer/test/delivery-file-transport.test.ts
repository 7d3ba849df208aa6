import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createFileTransport,
  listMailbox,
  readMailboxMessage,
} from "../src/adapters/mail-transport/file-transport.ts";
import type { OutgoingMail } from "../src/adapters/mail-transport/mail-transport.ts";

const mail = (n: number): OutgoingMail => ({
  from: "tubedigest <digest@tubedigest.test>",
  to: `reader${n}@example.com`,
  subject: `Digest nº ${n}`,
  html: `<p>Issue ${n}</p>`,
  text: `Issue ${n}`,
  messageId: `<0000000${n}-6b0d-4c8e-9a51-2d7e4f60b1aa@tubedigest.test>`,
  headers: { "List-Unsubscribe": `<https://tubedigest.test/u?t=${n}>` },
});

describe("the file transport and the development mailbox", () => {
  let root: string;
  let folder: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "mailbox-"));
    folder = path.join(root, "mail");
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("writes each message as an .eml file the owner alone can read, and lists them newest first", async () => {
    let clock = Date.parse("2026-11-23T09:00:00.000Z");
    const transport = createFileTransport({ folder, now: () => new Date(clock) });
    expect(await transport.verify()).toBe(true);
    for (const n of [1, 2, 3]) {
      await transport.send(mail(n));
      clock += 60_000;
    }

    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    const files = await readdir(folder);
    expect(files).toHaveLength(3);
    for (const file of files) expect((await stat(path.join(folder, file))).mode & 0o777).toBe(0o600);

    const listed = await listMailbox(folder);
    expect(listed.map((entry) => entry.subject)).toEqual(["Digest nº 3", "Digest nº 2", "Digest nº 1"]);
    expect(listed[0]).toMatchObject({
      id: "2026-11-23T09-02-00-000Z-00000003-6b0d-4c8e-9a51-2d7e4f60b1aa",
      file: "2026-11-23T09-02-00-000Z-00000003-6b0d-4c8e-9a51-2d7e4f60b1aa.eml",
      to: "reader3@example.com",
      date: new Date("2026-11-23T09:02:00.000Z"),
    });
    expect(await listMailbox(folder, 2)).toHaveLength(2);
  });

  it("reads one message back in full", async () => {
    await createFileTransport({ folder }).send(mail(7));
    const [entry] = await listMailbox(folder);
    const message = await readMailboxMessage(folder, entry?.id ?? "");
    expect(message).toMatchObject({
      subject: "Digest nº 7",
      to: "reader7@example.com",
      from: '"tubedigest" <digest@tubedigest.test>',
      html: "<p>Issue 7</p>",
      text: "Issue 7",
    });
    expect(message?.headers["message-id"]).toBe("<00000007-6b0d-4c8e-9a51-2d7e4f60b1aa@tubedigest.test>");
    expect(message?.headers["list-unsubscribe"]).toBe("<https://tubedigest.test/u?t=7>");
  });

  it("finds nothing for an unknown id, an id naming another folder, or a mailbox not yet made", async () => {
    expect(await listMailbox(folder)).toEqual([]);
    await writeFile(path.join(root, "secret.eml"), "Subject: not yours\r\n\r\nsecret");
    expect(await readMailboxMessage(folder, "../secret")).toBeUndefined();
    expect(await readMailboxMessage(folder, "2026-11-23T09-00-00-000Z-missing")).toBeUndefined();
  });
});
