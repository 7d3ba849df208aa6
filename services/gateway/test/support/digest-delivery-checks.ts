import { createDatabase, type Database } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import type { FakeSmtpServer } from "@tubedigest/testing/smtp";
import { testInfra } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { sql } from "kysely";
import { expect } from "vitest";
import type { TestStack } from "../test-stack.ts";
import { channelsOf, channelTitle, countRows, type DigestReaders, type Reader } from "./digest-readers.ts";

/** Digest mails as the SMTP server accepted them. */
export const digestMails = (smtp: FakeSmtpServer) =>
  smtp.messages.filter((message) => /^Subject: Your week of /m.test(message.raw));

/** A mail's subject as sent, its folded header lines joined again. */
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1];

/**
 * The week's digest is done, and done once, whatever happened on the way: every eligible reader got
 * exactly one mail at the SMTP server and nobody else got one; every digest is composed (none queued,
 * composing or failed: nothing stuck), one newsletter each, marked sent, which is what the reader's history
 * shows under the mail's subject; no consuming queue holds a dead letter.
 */
export async function expectEachEligibleMailedOnce(
  stack: TestStack,
  smtp: FakeSmtpServer,
  readers: DigestReaders,
  summaries: Database<Record<string, never>>,
  timeoutMs = 90_000,
): Promise<void> {
  const { eligible } = readers;
  // At least one each, then whatever may still come: a duplicate fails the counts below, not a time-out.
  const unmailed = () => {
    const mailed = new Set(digestMails(smtp).flatMap((message) => message.envelope.to));
    return eligible.filter((reader) => !mailed.has(reader.email));
  };
  const arrived = await eventually(() => (unmailed().length === 0 ? true : undefined), timeoutMs).catch(
    () => false,
  );
  if (!arrived) {
    expect(await whereDigestsStand(stack, summaries, unmailed()), "readers without a digest mail").toEqual(
      [],
    );
  }
  await untilNothingIsInFlight(stack, summaries, timeoutMs);
  expect(digestMails(smtp).length).toBe(eligible.length);

  const mailsTo = new Map<string, (string | undefined)[]>();
  for (const message of digestMails(smtp)) {
    for (const to of message.envelope.to)
      mailsTo.set(to, [...(mailsTo.get(to) ?? []), subjectOf(message.raw)]);
  }
  for (const reader of readers.all) {
    expect(mailsTo.get(reader.email)?.length ?? 0, `${reader.group} ${reader.email}`).toBe(
      eligible.includes(reader) ? 1 : 0,
    );
  }
  const count = (query: string) => countRows(summaries, query);
  expect(await count("newsletters")).toBe(eligible.length);
  expect(await count("digests where status = 'composed'")).toBe(eligible.length);
  expect(await count("digests")).toBe(eligible.length);
  for (const queue of stack.consumingQueues()) {
    expect(await stack.events.deadLetters.list(queue), `dead letters of ${queue}`).toEqual([]);
  }

  // The history each reader sees is what was sent: one newsletter, under the mail's subject, marked sent.
  for (const reader of eligible) {
    // Signed in already by the claim if they chose a delivery time in settings. After a fault the
    // gateway's sessions may still be reconnecting to Redis (a 503 saying so) when the mail is all out.
    if ((await reader.browser.call("GET", "/api/auth/current-user")).statusCode !== 200) {
      await eventually(async () => {
        const { statusCode } = await reader.browser.call("POST", "/api/auth/login-with-email", {
          email: reader.email,
        });
        expect(statusCode, "signing in again").toBeOneOf([200, 503]);
        return statusCode === 200 ? true : undefined;
      }, 15_000);
    }
    const history = await eventually(async () => {
      const reply = await reader.browser.call("GET", "/api/newsletters");
      const items = reply.json() as { subject: string; content: string; sentAt: string | null }[];
      return items.length === 1 && items[0]?.sentAt ? items : undefined;
    }, 20_000);
    const [item] = history;
    expect(mailsTo.get(reader.email)).toEqual([item?.subject]);
    for (const channel of channelsOf(reader.index)) expect(item?.content).toContain(channelTitle(channel));
    expect(item?.content).not.toContain("#shorts");
    expect(item?.content).not.toContain("Live on Sunday");
  }
}

/**
 * Where each reader's digest stopped on its way to the SMTP server, for a time-out to name the step: the
 * digest's status, whether its newsletter is marked sent, its newsletter.composed in the summariser's
 * outbox (relayed or not), and the mailer's message (status, attempts, last error) or its absence.
 */
async function whereDigestsStand(
  stack: TestStack,
  summaries: Database<Record<string, never>>,
  readers: Reader[],
): Promise<object[]> {
  const mailerSchema = stack.databases.mailer;
  if (!mailerSchema) throw new Error("a real stack has a mailer schema");
  const mailer = createDatabase<Record<string, never>>({ ...mailerSchema, poolSize: 1 });
  try {
    return await Promise.all(
      readers.map(async (reader) => {
        const { rows: digests } = await sql<{ status: string; newsletter_sent: boolean | null }>`
          select d.status, n.sent_at is not null as newsletter_sent
          from digests d left join newsletters n on n.id = d.newsletter_id
          where d.user_id = ${reader.id}`.execute(summaries.db);
        const { rows: outbox } = await sql<{ sent: boolean; attempts: number; last_error: string | null }>`
          select sent_at is not null as sent, attempts, last_error from outbox
          where event_name = 'newsletter.composed' and event->'data'->>'userId' = ${reader.id}`.execute(
          summaries.db,
        );
        const { rows: messages } = await sql<{ status: string; attempts: number; last_error: string | null }>`
          select status, attempts, last_error from messages
          where recipient = ${reader.email} and template = 'digest'`.execute(mailer.db);
        return { reader: reader.email, digests, outbox, messages };
      }),
    );
  } finally {
    await mailer.close();
  }
}

/**
 * Waits until no step of the digest can still act: no digest waits or is being composed, every
 * newsletter is marked sent, both outboxes are relayed, the mailer has no message left to send, and no
 * consuming queue holds a delivery. A duplicate would have to come from one of these, so counting after
 * this needs no pause.
 */
async function untilNothingIsInFlight(
  stack: TestStack,
  summaries: Database<Record<string, never>>,
  timeoutMs: number,
): Promise<void> {
  const mailerSchema = stack.databases.mailer;
  if (!mailerSchema) throw new Error("a real stack has a mailer schema");
  const mailer = createDatabase<Record<string, never>>({ ...mailerSchema, poolSize: 1 });
  const broker = await amqp.connect(testInfra.amqpUrl);
  const channel = await broker.createChannel();
  const inFlight = async () => {
    const left: Record<string, number> = {
      "digests queued or composing": await countRows(
        summaries,
        "digests where status in ('queued', 'composing')",
      ),
      "newsletters not marked sent": await countRows(summaries, "newsletters where sent_at is null"),
      "summariser outbox rows unsent": await countRows(summaries, "outbox where sent_at is null"),
      "mailer outbox rows unsent": await countRows(mailer, "outbox where sent_at is null"),
      "messages pending or sending": await countRows(
        mailer,
        "messages where status in ('pending', 'sending')",
      ),
    };
    for (const queue of stack.consumingQueues()) left[queue] = (await channel.checkQueue(queue)).messageCount;
    // Only what is left, so a time-out names it.
    return Object.fromEntries(Object.entries(left).filter(([, n]) => n > 0));
  };
  try {
    const settled = await eventually(
      async () => (Object.keys(await inFlight()).length === 0 ? true : undefined),
      timeoutMs,
    ).catch(() => false);
    if (!settled) {
      // One line, so that the end of a long run's output still names the rows that never settled.
      const left = { ...(await inFlight()), ...(await unsettledRows(summaries, mailer)) };
      throw new Error(`still in flight after ${timeoutMs} ms: ${JSON.stringify(left)}`);
    }
    await stack.mailer.deliverDue();
  } finally {
    await broker.close();
    await mailer.close();
  }
}

/** The rows behind a time-out in `untilNothingIsInFlight`, a few of each kind, with what says why they wait. */
async function unsettledRows(
  summaries: Database<Record<string, never>>,
  mailer: Database<Record<string, never>>,
): Promise<Record<string, unknown[]>> {
  const digests = await sql`
    select user_id, status, attempts, claimed_by, lease_until < now() as lease_lapsed from digests
    where status in ('queued', 'composing') limit 5`.execute(summaries.db);
  const outboxOf = (db: Database<Record<string, never>>) =>
    sql`select event_name, attempts, last_error, failed_at is not null as failed from outbox
      where sent_at is null limit 5`.execute(db.db);
  const messages = await sql`
    select template, status, attempts, round(extract(epoch from next_attempt_at - now())) as due_in_s,
      lease_until < now() as lease_lapsed, last_error from messages
    where status in ('pending', 'sending') limit 5`.execute(mailer.db);
  return {
    digests: digests.rows,
    summariserOutbox: (await outboxOf(summaries)).rows,
    mailerOutbox: (await outboxOf(mailer)).rows,
    messages: messages.rows,
  };
}
