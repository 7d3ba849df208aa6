import { createHash, randomUUID } from "node:crypto";
import { busMigrations } from "@tubedigest/bus";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailerContext } from "../src/domain/mailer-context.ts";
import { type QueueOutcome, queueMail } from "../src/domain/queue-mail.ts";
import { OVER_REQUEST_MAIL_LIMIT, REQUEST_MAILS_PER_HOUR } from "../src/domain/request-mail-limit.ts";
import type { MailerDatabase } from "../src/store/database.ts";
import { migrations } from "../src/store/migrations/index.ts";
import { SAMPLE_DATA } from "../src/templates/sample-template-data.ts";
import type { TemplateName } from "../src/templates/template-names.ts";
import { type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const newAddress = () => `${randomUUID().slice(0, 8)}@example.net`;
const statusesTo = (db: Database<MailerDatabase>["db"], address: string) =>
  db.selectFrom("messages").select(["status", "last_error"]).where("recipient", "=", address).execute();

const setups = [
  ["real Postgres", () => createTestSchema("mailer")] as const,
  ["embedded PGlite", async () => ({ schema: "mailer", url: undefined, drop: async () => {} })] as const,
];

describe.each(setups)("the limit on mail a request can trigger, on %s", (_name, makeSchema) => {
  let database: Database<MailerDatabase>;
  let drop: () => Promise<void>;
  let now = new Date();
  let context: MailerContext;

  beforeAll(async () => {
    const schema = await makeSchema();
    drop = schema.drop;
    database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 12 });
    await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
    // The mailer's own queueing; what each message says is not the point here.
    context = {
      db: database.db,
      templates: {
        render: () => ({ subject: "Mail", preheader: "Mail", html: "<p>Mail</p>", text: "Mail" }),
      },
      metrics: { rendered: () => {} },
      mailDomain: "tubedigest.test",
      unsubscribeMailto: undefined,
      log: pino({ level: "silent" }),
      now: () => now,
    } as unknown as MailerContext;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const queue = (template: TemplateName, to: string): Promise<QueueOutcome> =>
    database.db.transaction().execute((trx) =>
      queueMail(context, trx, {
        naturalKey: `${template}:${randomUUID()}`,
        template,
        data: SAMPLE_DATA[template] as never,
        to,
        userId: randomUUID(),
      }),
    );

  it("lets the limit's worth of twelve queued at once to one address through, and records the rest unsent", async () => {
    const target = newAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => queue("email-change-address-taken", target)),
    );
    expect(outcomes.filter((outcome) => outcome === "queued")).toHaveLength(REQUEST_MAILS_PER_HOUR);
    const rows = await statusesTo(database.db, target);
    expect(rows.filter((row) => row.status === "pending")).toHaveLength(REQUEST_MAILS_PER_HOUR);
    expect(rows.filter((row) => row.status === "suppressed")).toEqual(
      Array.from({ length: 12 - REQUEST_MAILS_PER_HOUR }, () => ({
        status: "suppressed",
        last_error: OVER_REQUEST_MAIL_LIMIT,
      })),
    );
    // The count keeps the address's hash, never the address.
    const hash = `sha256:${createHash("sha256").update(target).digest("hex")}`;
    const counted = await database.db.selectFrom("request_mails").select("address_hash").execute();
    expect(counted.filter((row) => row.address_hash === hash)).toHaveLength(REQUEST_MAILS_PER_HOUR);
    expect(counted.filter((row) => row.address_hash.includes(target))).toEqual([]);
  });

  it("counts every template a request can trigger together and no other, per address, for an hour", async () => {
    now = new Date();
    const target = newAddress();
    const requested: TemplateName[] = [
      "sign-in-link",
      "email-change-confirmation",
      "email-change-notice",
      "password-changed",
      "welcome",
    ];
    for (const template of requested) expect(await queue(template, target), template).toBe("queued");
    expect(await queue("account-deleted", target)).toBe("suppressed");
    expect(await queue("sign-in-link", target)).toBe("suppressed");
    expect(await queue("password-reset", target)).toBe("suppressed");
    // The digest is limited where it is made; another address has its own count.
    expect(await queue("digest", target)).toBe("queued");
    expect(await queue("sign-in-link", newAddress())).toBe("queued");
    now = new Date(now.getTime() + 61 * 60_000);
    expect(await queue("sign-in-link", target)).toBe("queued");
    // What no count reads any more is gone.
    const old = await database.db
      .selectFrom("request_mails")
      .select("sent_at")
      .where("sent_at", "<=", new Date(now.getTime() - 60 * 60_000))
      .execute();
    expect(old).toEqual([]);
  });
});

describe("the limit on mail a request can trigger, through the events that ask for it (Postgres, RabbitMQ, SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  const TOKEN = "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe";
  const expiresAt = "2026-11-24T13:35:00.000Z";

  it("sends one address the limit's worth of twelve such mails asked for within a minute, records the rest, and mails everyone else", async () => {
    const target = newAddress();
    const askers = Array.from({ length: 8 }, () => ({ userId: randomUUID(), email: newAddress() }));
    await Promise.all([
      ...Array.from({ length: 4 }, () =>
        mailer.deliver("sign-in-link.requested", {
          userId: randomUUID(),
          email: target,
          token: TOKEN,
          expiresAt,
        }),
      ),
      ...askers.slice(0, 4).map((asker) =>
        mailer.deliver("email-change.requested", {
          userId: asker.userId,
          currentEmail: asker.email,
          newEmail: target,
          token: TOKEN,
          expiresAt,
        }),
      ),
      ...askers.slice(4).map((asker) =>
        mailer.deliver("email-change.address-taken", {
          userId: asker.userId,
          currentEmail: asker.email,
          newEmail: target,
        }),
      ),
    ]);
    expect(await mailer.mailTo(target)).toHaveLength(REQUEST_MAILS_PER_HOUR);
    const rows = await statusesTo(mailer.database.db, target);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(REQUEST_MAILS_PER_HOUR);
    expect(
      rows.filter((row) => row.status === "suppressed" && row.last_error === OVER_REQUEST_MAIL_LIMIT),
    ).toHaveLength(12 - REQUEST_MAILS_PER_HOUR);
    for (const asker of askers) expect(await mailer.mailTo(asker.email)).toHaveLength(1);
  });

  it("sends an address past its limit no deletion confirmation, and still keeps nothing that holds it", async () => {
    const { userId, email } = await mailer.registered();
    for (let link = 0; link < REQUEST_MAILS_PER_HOUR; link++) {
      await mailer.deliver("sign-in-link.requested", { userId, email, token: TOKEN, expiresAt });
    }
    await mailer.deliver("user.deleted", { userId, email });
    const mails = await mailer.mailTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(
      Array.from({ length: REQUEST_MAILS_PER_HOUR }, () => "Your tubedigest sign-in link"),
    );
    expect(await statusesTo(mailer.database.db, email)).toEqual([]);
    const hash = `sha256:${createHash("sha256").update(email).digest("hex")}`;
    const suppressed = await mailer.database.db.selectFrom("suppressions").selectAll().execute();
    expect(suppressed.filter((row) => row.email === hash)).toMatchObject([{ reason: "account-deleted" }]);
    expect(suppressed.filter((row) => row.email === email)).toEqual([]);
  });
});
