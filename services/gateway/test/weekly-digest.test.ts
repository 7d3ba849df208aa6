import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type EventData, type EventName, scheduleEventId } from "@tubedigest/contracts";
import { createDatabase, type Database } from "@tubedigest/db";
import { unsubscribeKeyFrom, unsubscribeToken } from "@tubedigest/mailer";
import {
  eventually,
  type FakeOpenAiApi,
  type FakeSmtpServer,
  startFakeOpenAiApi,
  startFakeSmtpServer,
  uniqueName,
} from "@tubedigest/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SummariserReplicaConfig } from "./support/summariser-replica.ts";
import { Browser, IDENTITY_SECRET, startTestStack, type TestStack } from "./test-stack.ts";

const replicaEntry = fileURLToPath(new URL("./support/summariser-replica.ts", import.meta.url));

const USERS = 200;
const CHANNELS = 10;
/** Each channel's new videos this week; a Short and an upcoming stream besides, which no digest carries. */
const VIDEOS_PER_CHANNEL = 2;
/** How long a replica's hold on a compose job and its claim on a digest last unrenewed: a dead one's work moves on within about this. */
const HOLD_MS = 1_500;

type Group = "trial" | "paid" | "cancelled-and-expired" | "trial-expired" | "unsubscribed";

/** Who gets what: the first three groups are mailed, the last two are not, nor is a cancelled plan that ran out. */
function groupOf(index: number): Group {
  if (index < 120) return "trial";
  if (index < 150) return "paid";
  if (index < 165) return "cancelled-and-expired";
  if (index < 185) return "trial-expired";
  return "unsubscribed";
}
const MAILED: ReadonlySet<Group> = new Set(["trial", "paid"]);

const channelId = (n: number) => `UCweeklydigest${String(n).padStart(10, "0")}`;
/** Two or three channels per user, overlapping with many others'. */
const channelsOf = (index: number) =>
  [...new Set([index % CHANNELS, (index + 3) % CHANNELS, (index * 7 + 5) % CHANNELS])].map(channelId);

/** The next Monday 09:00 UTC after `now`: the slot where the users (all on UTC) are due. */
function nextMondayNine(now: Date): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  slot.setUTCDate(slot.getUTCDate() + ((8 - slot.getUTCDay()) % 7));
  if (slot <= now) slot.setUTCDate(slot.getUTCDate() + 7);
  return slot;
}

/** A catalog that answers every call a second late: a replica going through it is always mid-digest. */
async function startSlowProxy(target: string, delayMs: number): Promise<Server & { url: string }> {
  const server = createServer(async (request, response) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      const answer = await fetch(target + (request.url ?? "/"), { headers: { accept: "application/json" } });
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "text/plain",
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

interface User {
  index: number;
  email: string;
  id: string;
  group: Group;
  browser: Browser;
}

describe("the weekly digest end to end (Postgres, Redis/BullMQ, RabbitMQ, fake YouTube, fake model, SMTP)", () => {
  let stack: TestStack;
  let llm: FakeOpenAiApi;
  let smtp: FakeSmtpServer;
  let slowCatalog: Server & { url: string };
  let summaries: Database<Record<string, never>>;
  let replica: ChildProcess | undefined;
  const users: User[] = [];

  beforeAll(async () => {
    llm = await startFakeOpenAiApi({ latencyMs: 50 });
    smtp = await startFakeSmtpServer();
    stack = await startTestStack("real", {
      smtpUrl: smtp.url,
      digest: {
        llm: {
          apiKey: llm.apiKey,
          baseUrl: llm.baseUrl,
          model: "gpt-4o-mini",
          contextTokens: 8_192,
          tokenBudgetPerVideo: 50_000,
          concurrency: 4,
        },
        jobLockMs: HOLD_MS,
        claimLeaseMs: HOLD_MS,
      },
    });
    const database = stack.databases.summariser;
    if (!database) throw new Error("a real stack has a summariser schema");
    summaries = createDatabase({ url: database.url, schema: database.schema, poolSize: 2 });
    slowCatalog = await startSlowProxy(stack.services.catalog, 1_000);
  }, 60_000);

  afterAll(async () => {
    replica?.kill("SIGKILL");
    await stack?.stop();
    await summaries?.close();
    slowCatalog?.close();
    await llm?.close();
    await smtp?.close();
  });

  const count = async (query: string) =>
    (await sql<{ n: number }>`${sql.raw(`select count(*)::int as n from ${query}`)}`.execute(summaries.db))
      .rows[0]?.n ?? 0;
  const publishAsBilling = <Name extends EventName>(name: Name, data: EventData<Name>) =>
    stack.events.publish(name, data, { correlationId: "as-billing" });

  it("mails exactly one digest per eligible user, none to the others, one model call per new video", async () => {
    const youtube = stack.youtube;
    if (!youtube) throw new Error("a real stack has the fake YouTube");
    const now = new Date();
    const slot = nextMondayNine(now);
    for (let n = 0; n < CHANNELS; n++) {
      youtube.addChannel({ id: channelId(n), title: `Weekly Channel ${n}`, subscriberCount: 1_000 + n });
      for (let v = 0; v < VIDEOS_PER_CHANNEL; v++) {
        youtube.addVideo({
          id: `wd${String(n).padStart(2, "0")}v${v}xxxxxx`.slice(0, 11),
          channelId: channelId(n),
          title: `Episode ${v} of channel ${n}`,
          description: `What episode ${v} of channel ${n} is about, told in a few plain sentences.`,
          publishedAt: new Date(now.getTime() - (v + 1) * 10_000).toISOString(),
          duration: "PT12M30S",
        });
      }
      youtube.addVideo({
        id: `wd${String(n).padStart(2, "0")}shortxx`.slice(0, 11),
        channelId: channelId(n),
        title: "A quick one #shorts",
        publishedAt: new Date(now.getTime() - 5_000).toISOString(),
        duration: "PT40S",
      });
      youtube.addVideo({
        id: `wd${String(n).padStart(2, "0")}livexxx`.slice(0, 11),
        channelId: channelId(n),
        title: "Live on Sunday",
        publishedAt: new Date(now.getTime() - 5_000).toISOString(),
        duration: "P0D",
        liveBroadcastContent: "upcoming",
      });
    }
    const newVideos = CHANNELS * VIDEOS_PER_CHANNEL;

    // 200 visitors sign up on the landing page, each with the channels they picked.
    for (let index = 0; index < USERS; index++) {
      const browser = new Browser(stack.gateway);
      const email = `${uniqueName(`digest${index}`)}@example.com`;
      const channels = channelsOf(index).map((youtubeId) => ({
        youtubeId,
        title: `Weekly Channel ${Number(youtubeId.slice(-2))}`,
        description: "",
        thumbnailUrl: "https://example.invalid/t.jpg",
        subscriberCount: 1_000,
      }));
      const made = await browser.call("POST", "/api/auth/register-with-email", { email, channels });
      expect(made.statusCode).toBe(201);
      users.push({ index, email, id: "", group: groupOf(index), browser });
    }
    const auth = stack.databases.auth;
    if (!auth) throw new Error("a real stack has an auth schema");
    const accounts = createDatabase<{ users: { id: string; email: string } }>({ ...auth, poolSize: 1 });
    const ids = new Map(
      (await accounts.db.selectFrom("users").select(["id", "email"]).execute()).map((row) => [
        row.email,
        row.id,
      ]),
    );
    await accounts.close();
    for (const user of users) user.id = ids.get(user.email) ?? "";
    expect(users.every((user) => user.id)).toBe(true);

    // Plans as billing settles them: paid at checkout (test mode); cancelled and run out a month later,
    // the trial long over; a trial that ended unpaid; and one click on an e-mail's unsubscribe link.
    for (const user of users.filter((u) => u.group === "paid" || u.group === "cancelled-and-expired")) {
      await eventually(async () => {
        const reply = await new Browser(stack.gateway).call("POST", "/api/subscribe-with-coupon", {
          email: user.email,
          plan: "creator",
          channelCount: 3,
          testMode: true,
        });
        return reply.statusCode === 200 ? true : undefined;
      }, 20_000);
    }
    const access = (userId: string) => ({ userId, plan: null, channelAllowance: 5 });
    for (const user of users.filter((u) => u.group === "cancelled-and-expired")) {
      const endsAt = new Date(now.getTime() - 60_000).toISOString();
      await publishAsBilling("trial.ended", { ...access(user.id), endedAt: endsAt });
      await publishAsBilling("subscription.cancelled", { ...access(user.id), plan: "creator", endsAt });
      await publishAsBilling("subscription.expired", {
        ...access(user.id),
        previousPlan: "creator",
        reason: "cancelled",
      });
    }
    for (const user of users.filter((u) => u.group === "trial-expired")) {
      await publishAsBilling("trial.ended", { ...access(user.id), endedAt: new Date().toISOString() });
    }
    const unsubscribeKey = unsubscribeKeyFrom(IDENTITY_SECRET);
    for (const user of users.filter((u) => u.group === "unsubscribed")) {
      const target = `/api/unsubscribe?token=${unsubscribeToken(unsubscribeKey, user.id)}`;
      await eventually(async () => {
        const reply = await stack.gateway.inject({
          method: "POST",
          url: target,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "List-Unsubscribe=One-Click",
        });
        return reply.statusCode === 200 ? true : undefined;
      }, 20_000);
    }
    const follows = users.reduce((sum, user) => sum + channelsOf(user.index).length, 0);
    await expect
      .poll(
        async () => [
          await count("follows where following"),
          await count("recipients where plan_active"),
          await count("recipients where unsubscribed"),
          await count("recipients where trial_ends_at < now()"),
        ],
        { timeout: 60_000, interval: 250 },
      )
      .toEqual([follows, 30, 15, 35]);

    // Through the week: the hourly tick finds the uploads, and each new video is summarised once.
    const tick = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    await stack.events.publish(
      "uploads.check-due",
      { slot: tick.toISOString() },
      { correlationId: "hourly-tick", id: scheduleEventId("uploads.check-due", tick) },
    );
    await expect
      .poll(() => count("summaries where status = 'ready'"), { timeout: 60_000, interval: 250 })
      .toBe(newVideos);
    expect(llm.calls).toBe(newVideos);

    // A second replica, whose catalog answers slowly, joins; Monday's slot arrives twice.
    const settings = stack.summariserReplica?.settings;
    const bus = stack.summariserReplica?.bus;
    if (!settings || !bus) throw new Error("a real stack can take a replica");
    const config: SummariserReplicaConfig = {
      settings: { ...settings, catalogUrl: slowCatalog.url },
      bus,
      claims: { owner: "doomed-replica", leaseMs: HOLD_MS, pollMs: 50 },
    };
    const child = spawn(process.execPath, ["--import", "tsx", replicaEntry, JSON.stringify(config)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    replica = child;
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await eventually(() => (output.includes("ready") ? true : undefined), 30_000);
    for (let delivery = 0; delivery < 2; delivery++) {
      await stack.events.publish(
        "digest.due",
        { slot: slot.toISOString() },
        { correlationId: `monday-${delivery}`, id: scheduleEventId("digest.due", slot) },
      );
    }

    // Killed while it holds digests mid-compose: what it held is finished by the replica that lives.
    const held = await eventually(async () => {
      const rows = await sql<{ user_id: string }>`
        select user_id from digests where claimed_by = 'doomed-replica' and status = 'composing'`.execute(
        summaries.db,
      );
      return rows.rows.length > 0 ? rows.rows.map((row) => row.user_id) : undefined;
    }, 30_000);
    child.kill("SIGKILL");

    const eligible = users.filter((user) => MAILED.has(user.group));
    const digestMails = () => smtp.messages.filter((message) => /^Subject: Your week of /m.test(message.raw));
    await expect.poll(() => digestMails().length, { timeout: 90_000, interval: 250 }).toBe(eligible.length);
    // Late duplicates would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // Subjects as sent, their folded header lines joined again.
    const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1];
    const mailsTo = new Map<string, (string | undefined)[]>();
    for (const message of digestMails()) {
      for (const to of message.envelope.to) {
        mailsTo.set(to, [...(mailsTo.get(to) ?? []), subjectOf(message.raw)]);
      }
    }
    for (const user of users) {
      expect(mailsTo.get(user.email)?.length ?? 0, `${user.group} ${user.email}`).toBe(
        MAILED.has(user.group) ? 1 : 0,
      );
    }
    expect(llm.calls).toBe(newVideos);
    expect(await count("newsletters")).toBe(eligible.length);
    for (const userId of held) {
      expect(await count(`digests where user_id = '${userId}' and status = 'composed'`)).toBe(1);
    }

    // The history each user sees is what was sent: one newsletter, under the mail's subject, marked sent.
    for (const user of eligible) {
      expect(
        (await user.browser.call("POST", "/api/auth/login-with-email", { email: user.email })).statusCode,
      ).toBe(200);
      const history = await eventually(async () => {
        const reply = await user.browser.call("GET", "/api/newsletters");
        const items = reply.json() as { subject: string; content: string; sentAt: string | null }[];
        return items.length === 1 && items[0]?.sentAt ? items : undefined;
      }, 20_000);
      const [item] = history;
      expect(mailsTo.get(user.email)).toEqual([item?.subject]);
      for (const channel of channelsOf(user.index)) {
        expect(item?.content).toContain(`Weekly Channel ${Number(channel.slice(-2))}`);
      }
      expect(item?.content).not.toContain("#shorts");
      expect(item?.content).not.toContain("Live on Sunday");
    }
  }, 300_000);
});
