/**
 * What the gateway costs in front of the services it fronts. The gateway, auth, catalog and billing run
 * as in production, each a Node process of its own, on the real Postgres, Redis and RabbitMQ. A user
 * signs up through the gateway and follows a few channels; then autocannon, in this process, keeps the
 * same number of connections busy for the same time against each endpoint through the gateway and
 * against its owners directly (with the signed caller headers the gateway would send):
 *
 * - `GET /api/user/channels`: the gateway (session from Redis, proxied) against catalog's own route;
 * - `GET /api/auth/current-user`: the gateway composes it from auth's, catalog's and billing's
 *   `/internal/account-summary`, each measured directly too.
 *
 * The CPU time each process spends per 1,000 answers shows where a request's time goes.
 *
 *   node --import tsx bench/suite/gateway-overhead.ts [--connections 10] [--seconds 8] [--warm-up-seconds 2]
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { callerHeaders } from "@tubedigest/http";
import { fakeChannelsAbout } from "../support/fake-channels.ts";
import { type LoadFigures, measureLoad } from "../support/load-test.ts";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "../support/performance-report.ts";
import { cpuSecondsOf } from "../support/process-cpu.ts";
import { type RealStack, startRealStack } from "../support/real-stack.ts";
import { followChannel, signUpThroughGateway } from "../support/signed-in-user.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "10" },
    seconds: { type: "string", default: "8" },
    "warm-up-seconds": { type: "string", default: "2" },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmUpSeconds = Number(values["warm-up-seconds"]);
const FOLLOWED_CHANNELS = 5;
const TARGET_RATIO = 0.4;

const PROCESSES = ["gateway", "auth", "catalog", "billing"] as const;
type ProcessName = (typeof PROCESSES)[number] | "autocannon";

interface Run {
  label: string;
  figures: LoadFigures;
  /** CPU milliseconds each process spent per answer, over the measured run. */
  cpuMsPerRequest: Record<ProcessName, number>;
}

async function run(stack: RealStack, label: string, url: string, headers: Record<string, string>) {
  // Warm-up apart, so JIT compilation and pool connections count neither in the rate nor in the CPU.
  await measureLoad(url, { connections, durationSeconds: warmUpSeconds }, { headers });
  const cpuBefore = PROCESSES.map((name) => cpuSecondsOf(stack.pids[name]));
  const ownBefore = process.cpuUsage();
  const figures = await measureLoad(url, { connections, durationSeconds: seconds }, { headers });
  const own = process.cpuUsage(ownBefore);
  const perRequest = (cpuSeconds: number) => (cpuSeconds * 1000) / figures.requests;
  const cpuMsPerRequest = Object.fromEntries([
    ...PROCESSES.map((name, index) => [
      name,
      perRequest(cpuSecondsOf(stack.pids[name]) - (cpuBefore[index] ?? 0)),
    ]),
    ["autocannon", perRequest((own.user + own.system) / 1e6)],
  ]) as Record<ProcessName, number>;
  const result: Run = { label, figures, cpuMsPerRequest };
  process.stdout.write(
    `${label.padEnd(58)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.latencyP50Ms} ms  p99 ${figures.latencyP99Ms} ms\n`,
  );
  return result;
}

// Whatever else runs on the machine competes for the same two cores: said beside the figures.
const loadBefore = loadavg()[0] ?? 0;
const stack = await startRealStack();
try {
  const channels = fakeChannelsAbout("gateway bench", FOLLOWED_CHANNELS);
  for (const channel of channels) stack.youtube.addChannel(channel);
  const user = await signUpThroughGateway(stack, `bench-${randomUUID()}@example.com`, "a bench password");
  for (const channel of channels) await followChannel(stack.gateway, user, channel.id);
  const asBrowser = { cookie: user.cookie };
  // Signed once: a proof holds for five minutes and is bound to its request id, not to one request.
  const asGateway = callerHeaders(stack.identitySecret, user.id, `bench-${randomUUID()}`);

  process.stdout.write(
    `${connections} connections, ${seconds} s each after ${warmUpSeconds} s of warm-up; ${FOLLOWED_CHANNELS} channels followed\n`,
  );
  const channelsDirect = await run(
    stack,
    "catalog  GET /api/user/channels (direct)",
    `${stack.catalog}/api/user/channels`,
    asGateway,
  );
  const channelsThrough = await run(
    stack,
    "gateway  GET /api/user/channels",
    `${stack.gateway}/api/user/channels`,
    asBrowser,
  );
  const authSummary = await run(
    stack,
    "auth     GET /internal/account-summary (direct)",
    `${stack.auth}/internal/account-summary`,
    asGateway,
  );
  const catalogSummary = await run(
    stack,
    "catalog  GET /internal/account-summary (direct)",
    `${stack.catalog}/internal/account-summary`,
    asGateway,
  );
  const billingSummary = await run(
    stack,
    "billing  GET /internal/account-summary (direct)",
    `${stack.billing}/internal/account-summary`,
    asGateway,
  );
  const currentUser = await run(
    stack,
    "gateway  GET /api/auth/current-user (3 owners)",
    `${stack.gateway}/api/auth/current-user`,
    asBrowser,
  );

  const ratio = (through: Run, direct: Run) =>
    through.figures.requestsPerSecond / direct.figures.requestsPerSecond;
  const slowestOwner = [authSummary, catalogSummary, billingSummary].reduce((slowest, owner) =>
    owner.figures.requestsPerSecond < slowest.figures.requestsPerSecond ? owner : slowest,
  );
  const channelsRatio = ratio(channelsThrough, channelsDirect);
  const currentUserRatio = ratio(currentUser, authSummary);
  const verdict = (value: number) => (value >= TARGET_RATIO ? "met" : "missed");
  process.stdout.write(
    [
      `channels: gateway ÷ catalog = ${channelsRatio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${verdict(channelsRatio)})`,
      `current user: gateway ÷ auth = ${currentUserRatio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${verdict(currentUserRatio)}), ÷ slowest owner (${slowestOwner.label.split(" ")[0]}) = ${ratio(currentUser, slowestOwner).toFixed(2)}`,
      "",
    ].join("\n"),
  );

  const all = [channelsDirect, channelsThrough, authSummary, catalogSummary, billingSummary, currentUser];
  const ms = (value: number) => value.toFixed(0);
  const figuresTable = markdownTable(
    ["endpoint", "req/s", "p50 latency", "p99 latency", "gateway ÷ direct (target ≥ 0.40)"],
    all.map((measured) => [
      measured.label.replace(/\s+/g, " "),
      `**${measured.figures.requestsPerSecond.toFixed(0)}**`,
      `${ms(measured.figures.latencyP50Ms)} ms`,
      `${ms(measured.figures.latencyP99Ms)} ms`,
      measured === channelsThrough
        ? `**${channelsRatio.toFixed(2)}** (${verdict(channelsRatio)})`
        : measured === currentUser
          ? `**${currentUserRatio.toFixed(2)}** against auth, ${ratio(currentUser, slowestOwner).toFixed(2)} against the slowest owner (${verdict(currentUserRatio)})`
          : "",
    ]),
  );
  const cpuTable = markdownTable(
    ["endpoint", ...PROCESSES, "autocannon"],
    all.map((measured) => [
      measured.label.replace(/\s+/g, " "),
      ...[...PROCESSES, "autocannon" as const].map((name) => measured.cpuMsPerRequest[name].toFixed(2)),
    ]),
  );
  recordInPerformanceDoc(
    "gateway-overhead",
    [
      "```",
      `node --import tsx bench/suite/gateway-overhead.ts --connections ${connections} --seconds ${seconds} --warm-up-seconds ${warmUpSeconds}`,
      "```",
      "",
      `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}. Local Postgres, Redis and RabbitMQ; autocannon in the bench's own process on the same two cores as the four service processes; ${connections} connections, ${seconds} s per row after ${warmUpSeconds} s of warm-up; the user follows ${FOLLOWED_CHANNELS} channels; rate limits lifted; load average ${loadBefore.toFixed(1)} before the run.`,
      "",
      figuresTable,
      "",
      "CPU milliseconds per answer, by process (over the measured seconds; Postgres and Redis not counted):",
      "",
      cpuTable,
    ].join("\n"),
  );
} finally {
  await stack.stop();
}
