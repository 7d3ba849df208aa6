/**
 * What a proxied answer costs before any of the gateway's own code: three servers in front of one
 * trivial upstream (Node's `http`, a 354-byte JSON answer), each a Node process of its own, loaded in
 * turn by autocannon in this process with a signed-in browser's cookie, the CPU each spends per answer
 * read from /proc:
 *
 * - `reply-from`: Fastify with `@fastify/reply-from` over an undici `Agent`, the gateway's proxy alone;
 * - `cookie + session`: the same with `@fastify/cookie` and `@fastify/session` as the gateway sets them up
 *   (its signer, its memory store, `rolling: false`), the request signed in: what the stack the product is
 *   built on costs a signed-in proxied request;
 * - `gateway`: the gateway itself (`buildGatewayApp`, memory sessions, signed in through its own sign-in
 *   route, logging at `info` to a discarded stdout as in production).
 *
 * The rounds take the three in turn, so whatever else loads the machine weighs on each alike; the figures
 * are the median and range over rounds. A floor for `bench/suite/gateway-overhead.ts`'s "gateway CPU per
 * proxied answer", which also counts the real services' larger answers.
 *
 *   node --import tsx bench/gateway-floor.ts [--rounds 5] [--seconds 3] [--connections 10] [--warm-up-seconds 3]
 *
 * It rewrites its section of docs/performance.md. Run by this file in its children, each printing
 * "ready <port>" once it listens: `node --import tsx bench/gateway-floor.ts --serve <server> [upstream url]`.
 */

import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import cookie, { Signer } from "@fastify/cookie";
import replyFrom from "@fastify/reply-from";
import session from "@fastify/session";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import { SESSION_USER_HEADER } from "@tubedigest/http";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { Agent } from "undici";
import { buildGatewayApp } from "../services/gateway/src/app.ts";
import { defaultRateLimits } from "../services/gateway/src/config.ts";
import { MemorySessionStore } from "../services/gateway/src/plugins/memory-session-store.ts";
import { RememberingSigner } from "../services/gateway/src/plugins/remembering-signer.ts";
import { SESSION_COOKIE } from "../services/gateway/src/plugins/sessions.ts";
import { type BenchChild, startBenchChild } from "./support/child-process.ts";
import { measureLoad } from "./support/load-test.ts";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "./support/performance-report.ts";
import { cpuSecondsOf } from "./support/process-cpu.ts";
import { median, range } from "./support/rounds-summary.ts";

const { values, positionals } = parseArgs({
  options: {
    serve: { type: "string" },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    "warm-up-seconds": { type: "string", default: "3" },
  },
  allowPositionals: true,
});

const SECRET = "a bench's session secret, 32 characters or more";
const USER_ID = "0b6f4a4e-8a53-4d3e-9d43-3c1b1c1f2a11";
const ANSWER = JSON.stringify({
  channels: Array.from({ length: 5 }, (_, index) => ({
    youtubeChannelId: `UC${String(index).padStart(22, "0")}`,
    title: `Channel ${index}`,
  })),
});
const PATH = "/api/user/channels";

const SERVERS = ["reply-from", "cookie + session", "gateway"] as const;
type Server = (typeof SERVERS)[number];

/** Answers every call with the same JSON; a sign-in with the gateway's session directive too. */
function serveUpstream(): void {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(ANSWER),
        ...(request.method === "POST" ? { [SESSION_USER_HEADER]: USER_ID } : {}),
      });
      response.end(ANSWER);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    if (address && typeof address === "object") process.stdout.write(`ready ${address.port}\n`);
  });
}

/** Fastify with reply-from, and with the gateway's cookie and session set-up when `withSession`. */
async function buildProxy(upstream: string, withSession: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(replyFrom, { undici: new Agent({}), disableRequestLogging: true });
  if (withSession) {
    await app.register(cookie);
    await app.register(session, {
      secret: new RememberingSigner(new Signer(SECRET, "sha256")),
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: "lax", secure: false, path: "/", maxAge: 30 * 24 * 3600 * 1000 },
      store: new MemorySessionStore({ maxSessions: 10_000, ttlSeconds: 30 * 24 * 3600 }),
    });
    app.post("/sign-in", async (request) => {
      await request.session.regenerate();
      request.session.userId = USER_ID;
      return {};
    });
  }
  app.get("/api/*", (request, reply) => reply.from(upstream + request.url));
  return app;
}

/** The gateway as its own process builds it, every service at the one upstream, sessions in memory. */
function buildGateway(upstream: string): Promise<FastifyInstance> {
  return buildGatewayApp(
    {
      secureCookies: false,
      sessionSecret: SECRET,
      identitySecret: SECRET,
      redisKeyPrefix: "td:",
      upstreams: {
        auth: upstream,
        catalog: upstream,
        billing: upstream,
        summariser: upstream,
        mailer: upstream,
      },
      webDist: mkdtempSync(path.join(tmpdir(), "gateway-floor-web-")),
      trustProxy: 0,
      site: DEVELOPMENT_SITE,
      ...defaultRateLimits(),
      signInRateLimit: { max: 1000, windowSeconds: 60 },
      searchRateLimit: 1000,
    },
    { log: pino({ level: "info" }) },
  );
}

if (values.serve) {
  const [upstream = ""] = positionals;
  if (values.serve === "upstream") serveUpstream();
  else {
    const app =
      values.serve === "gateway"
        ? await buildGateway(upstream)
        : await buildProxy(upstream, values.serve === "cookie + session");
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    process.stdout.write(`ready ${new URL(url).port}\n`);
  }
} else {
  await measure();
}

/** The session cookie a sign-in at `server` hands out (none for the proxy alone, which keeps no sessions). */
async function signIn(server: Server, base: string): Promise<string> {
  if (server === "reply-from") return "";
  const response = await fetch(server === "gateway" ? `${base}/api/auth/login` : `${base}/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "reader@example.com", password: "password123" }),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  const sessionCookie = cookies.find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !sessionCookie)
    throw new Error(`${server}: sign-in answered ${response.status}, no session`);
  return sessionCookie;
}

async function measure(): Promise<void> {
  const rounds = Number(values.rounds);
  const settings = { connections: Number(values.connections), durationSeconds: Number(values.seconds) };
  const logs = mkdtempSync(path.join(tmpdir(), "gateway-floor-"));
  const start = (name: string, args: string[]) =>
    startBenchChild({
      name,
      entry: import.meta.filename,
      args: ["--serve", ...args],
      logFile: path.join(logs, `${name.replaceAll(/\W+/g, "-")}.log`),
      discardOutputOnceReady: true,
    });
  const upstream = await start("upstream", ["upstream"]);
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const children = new Map<Server, BenchChild>();
  try {
    for (const server of SERVERS) children.set(server, await start(server, [server, upstreamUrl]));
    const targets = new Map<Server, { url: string; cookie: string; child: BenchChild }>();
    for (const [server, child] of children) {
      const base = `http://127.0.0.1:${child.port}`;
      targets.set(server, { url: base + PATH, cookie: await signIn(server, base), child });
    }
    const run = async (server: Server, durationSeconds: number) => {
      const target = targets.get(server);
      if (!target) throw new Error(server);
      const before = cpuSecondsOf(target.child.pid);
      const figures = await measureLoad(
        target.url,
        { ...settings, durationSeconds },
        { headers: { cookie: target.cookie } },
      );
      return { figures, cpuMs: ((cpuSecondsOf(target.child.pid) - before) * 1000) / figures.requests };
    };
    for (const server of SERVERS) await run(server, Number(values["warm-up-seconds"]));
    const samples = new Map<Server, { cpuMs: number; rate: number }[]>(SERVERS.map((server) => [server, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const server of SERVERS) {
        const { figures, cpuMs } = await run(server, settings.durationSeconds);
        samples.get(server)?.push({ cpuMs, rate: figures.requestsPerSecond });
      }
    }
    const cell = (numbers: number[], digits: number) =>
      `${median(numbers).toFixed(digits)}${range(numbers, digits)}`;
    const table = markdownTable(
      ["in front of the upstream", "CPU per answer", "answers a second"],
      SERVERS.map((server) => {
        const taken = samples.get(server) ?? [];
        return [
          server,
          `${cell(
            taken.map((sample) => sample.cpuMs),
            3,
          )} ms`,
          cell(
            taken.map((sample) => sample.rate),
            0,
          ),
        ];
      }),
    );
    const body = [
      "```",
      `node --import tsx bench/gateway-floor.ts --rounds ${rounds} --seconds ${settings.durationSeconds} --connections ${settings.connections}`,
      "```",
      "",
      `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}. Median (range) of ${rounds} rounds, the three in turn in each.`,
      "",
      table,
    ].join("\n");
    process.stdout.write(`${body}\n`);
    recordInPerformanceDoc("gateway-floor", body);
  } finally {
    for (const child of [...children.values(), upstream]) await child.stop();
  }
}
