// The containers' smoke check: a reader's first week through the published gateway, then, after the
// stack went down (volumes kept) and came up again, that their account, channels and newsletters
// survived. Node's fetch only, so it runs on the host against whatever the stack publishes.
//
//   node --import tsx tests/containers/smoke.ts --phase first --gateway http://127.0.0.1:3000 \
//     --mail http://127.0.0.1:8025 --state /tmp/smoke-state.json
//   (docker compose down; docker compose up)
//   node --import tsx tests/containers/smoke.ts --phase again ...the same arguments...
//
// Phase first signs up, follows demo channels, asks for a newsletter now and waits for it (and the
// welcome e-mail) in the mail catcher (Mailpit, or its stand-in), then writes the account to --state.
// Phase again signs in with it and finds the channels and the newsletter history kept. The mail catcher
// keeps nothing across a restart, so phase again expects no old mail. Each step prints one line; the
// first failure says what was expected and what arrived, and exits 1.
import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";

const READY_WAIT_MS = 60_000;
const NEWSLETTER_WAIT_MS = 180_000;
const WELCOME_WAIT_MS = 60_000;
const POLL_MS = 2_000;
const PROGRESS_EVERY_MS = 15_000;
// Longer than the summariser waits for a newsletter's job before it answers.
const REQUEST_TIMEOUT_MS = 45_000;
const PASSWORD_LENGTH = 24;
// Words the demo catalog's channel texts contain: "garden" finds Muddy Boots Garden and Word Garden
// Languages. The stack runs the demo catalog whenever it has no YouTube API key.
const CHANNEL_QUERY = "garden";
const CHANNELS_TO_FOLLOW = 2;
// Newest first, as Mailpit lists them; room for far more mail than one smoke run causes.
const MAIL_PAGE_SIZE = 200;
const EXCERPT_LENGTH = 300;

// ---- What went wrong, said once.

class SmokeFailure extends Error {}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line === "") return "(empty body)";
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH)}…` : line;
}

function fail(what: string, expected: string, arrived: string): never {
  throw new SmokeFailure(`${what}: expected ${expected}; got ${arrived}`);
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    print(`ok  ${name} (${Math.round(performance.now() - started)} ms)`);
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SmokeFailure(`FAIL ${name} (${Math.round(performance.now() - started)} ms): ${reason}`);
  }
}

// ---- Answers, read without trusting their shape.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Reply {
  method: string;
  url: string;
  status: number;
  text: string;
}

function describe(reply: Reply): string {
  return `${reply.status} ${excerpt(reply.text)}`;
}

function parseJson(reply: Reply): Json {
  try {
    return JSON.parse(reply.text) as Json;
  } catch {
    return fail(`${reply.method} ${reply.url}`, "a JSON body", describe(reply));
  }
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectOf(reply: Reply): JsonObject {
  const body = parseJson(reply);
  return isObject(body) ? body : fail(`${reply.method} ${reply.url}`, "a JSON object", describe(reply));
}

function objectsOf(reply: Reply): JsonObject[] {
  const body = parseJson(reply);
  if (!Array.isArray(body) || !body.every(isObject)) {
    return fail(`${reply.method} ${reply.url}`, "a JSON array of objects", describe(reply));
  }
  return body as JsonObject[];
}

function text(value: Json | undefined): string {
  return typeof value === "string" ? value : "";
}

function expectStatus(reply: Reply, accepted: readonly number[]): Reply {
  if (!accepted.includes(reply.status)) {
    fail(`${reply.method} ${reply.url}`, `status ${accepted.join(" or ")}`, describe(reply));
  }
  return reply;
}

async function request(method: string, url: string, init: RequestInit = {}): Promise<Reply> {
  try {
    const response = await fetch(url, { ...init, method, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { method, url, status: response.status, text: await response.text() };
  } catch (error) {
    const reason = error instanceof Error ? `${error.message}${causeOf(error)}` : String(error);
    return fail(`${method} ${url}`, "an answer", `no answer (${reason})`);
  }
}

function causeOf(error: Error): string {
  return error.cause instanceof Error ? `: ${error.cause.message}` : "";
}

const ANSWERS_200 = { test: (status: number) => status === 200, expected: "200" };
// A refusal (401 without a session) is an answer from the service; 5xx means the gateway could not reach it.
const ANSWERS_BELOW_500 = { test: (status: number) => status < 500, expected: "a status below 500" };

/**
 * Asks `url` until its status passes `accepts` (200 unless told otherwise), for at most `waitMs`; the
 * last answer explains a failure.
 */
async function waitUntilAnswering(
  url: string,
  waitMs: number,
  accepts: { test: (status: number) => boolean; expected: string } = ANSWERS_200,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  let last = "nothing yet";
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await response.text();
      if (accepts.test(response.status)) return;
      last = `${response.status} ${excerpt(body)}`;
    } catch (error) {
      last = `no answer (${error instanceof Error ? `${error.message}${causeOf(error)}` : String(error)})`;
    }
    if (Date.now() >= deadline)
      fail(`GET ${url}`, `${accepts.expected} within ${Math.round(waitMs / 1000)} s`, last);
    await sleep(POLL_MS);
  }
}

// ---- The gateway, called as the web app calls it: same origin, with the session cookie.

class GatewayClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  async call(method: string, path: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { accept: "application/json", origin: this.origin };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { headers, redirect: "manual" };
    if (body !== undefined) init.body = JSON.stringify(body);
    const url = `${this.origin}${path}`;
    try {
      const response = await fetch(url, { ...init, method, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      this.keepCookies(response.headers.getSetCookie());
      return { method, url, status: response.status, text: await response.text() };
    } catch (error) {
      const reason = error instanceof Error ? `${error.message}${causeOf(error)}` : String(error);
      return fail(`${method} ${url}`, "an answer", `no answer (${reason})`);
    }
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", setting = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

// ---- The mail catcher: Mailpit's API v1, which its stand-in answers too.

interface CaughtMail {
  id: string;
  subject: string;
  to: string[];
}

async function mailTo(mailUrl: string, address: string): Promise<CaughtMail[]> {
  const reply = expectStatus(
    await request("GET", `${mailUrl}/api/v1/messages?limit=${MAIL_PAGE_SIZE}`),
    [200],
  );
  const messages = objectOf(reply).messages;
  if (!Array.isArray(messages)) fail(`GET ${reply.url}`, "a messages array", describe(reply));
  return messages
    .filter(isObject)
    .map((message) => ({
      id: text(message.ID),
      subject: text(message.Subject),
      to: (Array.isArray(message.To) ? message.To : [])
        .filter(isObject)
        .map((mailbox) => text(mailbox.Address).toLowerCase()),
    }))
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

async function rawSource(mailUrl: string, id: string): Promise<string> {
  return expectStatus(await request("GET", `${mailUrl}/api/v1/message/${encodeURIComponent(id)}/raw`), [200])
    .text;
}

/**
 * A message's text as a reader would search it: each MIME part's body decoded by its
 * Content-Transfer-Encoding (the digest's HTML goes as 7-bit text, or base64 when it cannot; its text
 * part quoted-printable, where a channel's name may be split by a soft line break or an =XX byte), joined.
 */
function readableBody(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const headerEnd = part.search(/\r?\n\r?\n/);
      if (headerEnd === -1) return "";
      const headers = part.slice(0, headerEnd);
      const body = part.slice(headerEnd).trim();
      const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
      if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
      if (encoding === "7bit") return body;
      const unquoted = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(unquoted, "latin1").toString("utf8");
    })
    .join("\n");
}

/** Waits for an e-mail to `address` that `matches`, printing where the wait stands now and then. */
async function waitForMail(
  mailUrl: string,
  address: string,
  what: string,
  waitMs: number,
  matches: (mail: CaughtMail) => boolean,
): Promise<CaughtMail> {
  const started = Date.now();
  let lastProgress = started;
  for (;;) {
    const mail = await mailTo(mailUrl, address);
    const found = mail.find(matches);
    if (found) return found;
    const waited = Date.now() - started;
    const subjects = mail.map((message) => JSON.stringify(message.subject)).join(", ") || "none";
    if (waited >= waitMs) {
      fail(
        `the mail catcher at ${mailUrl}`,
        `${what} to ${address} within ${waitMs / 1000} s`,
        `${subjects}`,
      );
    }
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      print(
        `..  waiting for ${what} (${Math.round(waited / 1000)} s; mail to ${address} so far: ${subjects})`,
      );
    }
    await sleep(POLL_MS);
  }
}

// ---- What phase first leaves for phase again.

interface FollowedChannel {
  id: string;
  title: string;
}

interface SmokeState {
  email: string;
  password: string;
  channels: FollowedChannel[];
  newsletter: { id: string; subject: string };
}

function isSmokeState(value: Json): value is SmokeState & JsonObject {
  if (!isObject(value) || !isObject(value.newsletter) || !Array.isArray(value.channels)) return false;
  return (
    typeof value.email === "string" &&
    typeof value.password === "string" &&
    typeof value.newsletter.id === "string" &&
    typeof value.newsletter.subject === "string" &&
    value.channels.every(
      (channel) => isObject(channel) && typeof channel.id === "string" && typeof channel.title === "string",
    )
  );
}

async function readState(path: string): Promise<SmokeState> {
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch (error) {
    return fail(`the state file ${path}`, "what phase first wrote", `${error}`);
  }
  let state: Json;
  try {
    state = JSON.parse(content) as Json;
  } catch {
    return fail(`the state file ${path}`, "JSON", excerpt(content));
  }
  return isSmokeState(state)
    ? state
    : fail(`the state file ${path}`, "phase first's fields", excerpt(content));
}

// ---- The two phases.

interface Options {
  gateway: string;
  mail: string;
  state: string;
}

/**
 * One read-only path per service behind the gateway, each answered by that service itself. The gateway's
 * /readyz speaks for the gateway alone, and a stack may start it before the services it fronts.
 */
const SERVICE_PROBES = {
  auth: "/api/user/profile",
  catalog: "/api/user/channels",
  billing: "/api/plans",
  summariser: "/api/newsletters",
  mailer: "/api/unsubscribe",
} as const;

async function waitForStack(options: Options): Promise<void> {
  const deadline = Date.now() + READY_WAIT_MS;
  const remaining = () => Math.max(0, deadline - Date.now());
  await step("mail catcher ready", () => waitUntilAnswering(`${options.mail}/readyz`, remaining()));
  await step("gateway ready", () => waitUntilAnswering(`${options.gateway}/readyz`, remaining()));
  for (const [service, path] of Object.entries(SERVICE_PROBES)) {
    await step(`${service} answers through the gateway`, () =>
      waitUntilAnswering(`${options.gateway}${path}`, remaining(), ANSWERS_BELOW_500),
    );
  }
}

async function expectSignedInAs(gateway: GatewayClient, email: string): Promise<JsonObject> {
  const reply = expectStatus(await gateway.call("GET", "/api/auth/current-user"), [200]);
  const user = objectOf(reply);
  if (text(user.email) !== email) fail(`GET ${reply.url}`, `the user ${email}`, describe(reply));
  return user;
}

async function listedChannels(gateway: GatewayClient): Promise<JsonObject[]> {
  return objectsOf(expectStatus(await gateway.call("GET", "/api/user/channels"), [200]));
}

async function newsletterHistory(gateway: GatewayClient): Promise<JsonObject[]> {
  return objectsOf(expectStatus(await gateway.call("GET", "/api/newsletters"), [200]));
}

/** The newsletter just asked for: named by the answer, or the newest in the history once it is there. */
async function awaitNewsletter(
  gateway: GatewayClient,
  newsletterId: string | undefined,
): Promise<{ id: string; subject: string }> {
  const started = Date.now();
  for (;;) {
    const history = await newsletterHistory(gateway);
    const item = newsletterId ? history.find((entry) => entry.id === newsletterId) : history[0];
    if (item) return { id: text(item.id), subject: text(item.subject) };
    if (Date.now() - started >= NEWSLETTER_WAIT_MS) {
      fail(
        "GET /api/newsletters",
        newsletterId ? `the newsletter ${newsletterId}` : "a newsletter",
        `${history.length} newsletters`,
      );
    }
    await sleep(POLL_MS);
  }
}

async function phaseFirst(options: Options): Promise<void> {
  await waitForStack(options);
  const gateway = new GatewayClient(options.gateway);
  const email = `smoke+${Date.now()}@example.com`;
  const password = `smoke-${randomUUID()}`.slice(0, PASSWORD_LENGTH);

  await step(`sign up ${email}`, async () => {
    const reply = expectStatus(await gateway.call("POST", "/api/auth/register", { email, password }), [201]);
    if (!gateway.hasCookie("td_session")) fail(`POST ${reply.url}`, "a td_session cookie", describe(reply));
  });
  await step("signed in after sign-up", () => expectSignedInAs(gateway, email));

  const results = await step(`search channels for "${CHANNEL_QUERY}"`, async () => {
    const reply = expectStatus(
      await gateway.call("GET", `/api/youtube/search?query=${encodeURIComponent(CHANNEL_QUERY)}`),
      [200],
    );
    const channels = objectsOf(reply);
    if (channels.length === 0) fail(`GET ${reply.url}`, "at least one demo channel", describe(reply));
    return channels;
  });

  const followed: FollowedChannel[] = [];
  for (const result of results.slice(0, CHANNELS_TO_FOLLOW)) {
    const snippet = isObject(result.snippet) ? result.snippet : {};
    const statistics = isObject(result.statistics) ? result.statistics : {};
    const thumbnails = isObject(snippet.thumbnails) ? snippet.thumbnails : {};
    const channel = { id: text(result.id), title: text(snippet.title) };
    await step(`follow ${channel.title} (${channel.id})`, async () => {
      // What the dashboard sends: the search result as a user channel as sent when adding
      // (docs/product.md#data-shapes).
      const reply = expectStatus(
        await gateway.call("POST", "/api/user/channels", {
          youtubeChannelId: channel.id,
          title: channel.title,
          description: text(snippet.description),
          thumbnailUrl: isObject(thumbnails.default) ? text(thumbnails.default.url) : "",
          subscriberCount: text(statistics.subscriberCount) || null,
        }),
        [200, 201],
      );
      if (objectOf(reply).id !== channel.id)
        fail(`POST ${reply.url}`, `the channel ${channel.id}`, describe(reply));
    });
    followed.push(channel);
  }

  await step("followed channels listed", async () => {
    const listed = (await listedChannels(gateway)).map((channel) => text(channel.id));
    const missing = followed.filter((channel) => !listed.includes(channel.id));
    if (missing.length > 0) {
      fail("GET /api/user/channels", `${followed.map((c) => c.id).join(", ")}`, listed.join(", ") || "none");
    }
  });

  const newsletterId = await step("generate newsletter now", async () => {
    // As the dashboard asks: a POST with no body. 200 names the newsletter; 202 says it is on its way.
    const reply = expectStatus(await gateway.call("POST", "/api/generate-newsletter"), [200, 202]);
    const id = text(objectOf(reply).newsletterId);
    print(`..  ${describe(reply)}`);
    return id || undefined;
  });

  const newsletter = await step("newsletter in the history", () => awaitNewsletter(gateway, newsletterId));

  await step("newsletter e-mail arrived", async () => {
    const wanted = newsletter.subject.replace(/\s+/g, " ").trim();
    const mail = await waitForMail(
      options.mail,
      email,
      `the newsletter "${wanted}"`,
      NEWSLETTER_WAIT_MS,
      (message) => message.subject.replace(/\s+/g, " ").trim() === wanted,
    );
    // A digest holds the followed channels that uploaded this week (which of the demo channels did
    // depends on the day). The subject names them: the body must name them too, or it holds no digest.
    const body = readableBody(await rawSource(options.mail, mail.id));
    const inSubject = followed.filter((channel) => wanted.includes(channel.title));
    const missing = inSubject.filter((channel) => !body.includes(channel.title));
    if (inSubject.length === 0 || missing.length > 0) {
      fail(
        `the newsletter e-mail ${mail.id}`,
        `the followed channels its subject names (${JSON.stringify(wanted)}) in its body`,
        excerpt(body),
      );
    }
  });

  await step("welcome e-mail arrived", () =>
    waitForMail(options.mail, email, "the welcome e-mail", WELCOME_WAIT_MS, (message) =>
      message.subject.startsWith("Welcome to tubedigest"),
    ),
  );

  const state: SmokeState = { email, password, channels: followed, newsletter };
  await step(`state written to ${options.state}`, () =>
    writeFile(options.state, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 }),
  );
}

async function phaseAgain(options: Options): Promise<void> {
  const state = await step(`state read from ${options.state}`, () => readState(options.state));
  await waitForStack(options);
  const gateway = new GatewayClient(options.gateway);

  await step(`sign in ${state.email}`, async () => {
    const reply = expectStatus(
      await gateway.call("POST", "/api/auth/login", { email: state.email, password: state.password }),
      [200],
    );
    if (!gateway.hasCookie("td_session")) fail(`POST ${reply.url}`, "a td_session cookie", describe(reply));
  });
  await step("signed in after sign-in", async () => {
    const user = await expectSignedInAs(gateway, state.email);
    const count = typeof user.channelCount === "number" ? user.channelCount : -1;
    if (count < state.channels.length) {
      fail("GET /api/auth/current-user", `channelCount ${state.channels.length} or more`, `${count}`);
    }
  });

  await step("followed channels kept", async () => {
    const listed = (await listedChannels(gateway)).map((channel) => text(channel.id));
    const missing = state.channels.filter((channel) => !listed.includes(channel.id));
    if (missing.length > 0) {
      fail(
        "GET /api/user/channels",
        state.channels.map((channel) => `${channel.title} (${channel.id})`).join(", "),
        listed.join(", ") || "none",
      );
    }
  });

  await step("newsletter history kept", async () => {
    const history = await newsletterHistory(gateway);
    if (!history.some((entry) => entry.id === state.newsletter.id)) {
      fail(
        "GET /api/newsletters",
        `the newsletter ${state.newsletter.id} ("${state.newsletter.subject}")`,
        history.map((entry) => `${text(entry.id)} "${text(entry.subject)}"`).join(", ") || "none",
      );
    }
  });
}

// ---- Arguments.

const USAGE =
  "usage: node --import tsx tests/containers/smoke.ts --phase first|again --gateway URL --mail URL --state FILE";

function readOptions(): { phase: "first" | "again" } & Options {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        phase: { type: "string" },
        gateway: { type: "string" },
        mail: { type: "string" },
        state: { type: "string" },
      },
    }));
  } catch (error) {
    throw new SmokeFailure(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  const { phase, gateway, mail, state } = values;
  if ((phase !== "first" && phase !== "again") || !gateway || !mail || !state) {
    throw new SmokeFailure(USAGE);
  }
  // The gateway checks Origin against its own address: no trailing slash, or every call looks foreign.
  return { phase, gateway: gateway.replace(/\/+$/, ""), mail: mail.replace(/\/+$/, ""), state };
}

try {
  const options = readOptions();
  const started = performance.now();
  await (options.phase === "first" ? phaseFirst(options) : phaseAgain(options));
  print(`smoke ${options.phase}: passed (${Math.round((performance.now() - started) / 1000)} s)`);
} catch (error) {
  process.stderr.write(`${error instanceof SmokeFailure ? error.message : error}\n`);
  process.exit(1);
}
