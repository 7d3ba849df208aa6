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
 * Each endpoint is warmed up once, then measured in several short rounds, the endpoints one after another
 * in each: whatever else loads the machine then weighs on a pair alike, and the ratios are taken within
 * a round and given as their median and range. The CPU time each process spends per answer shows where a
 * request's time goes.
 *
 *   node --import tsx bench/suite/gateway-overhead.ts [--rounds 3] [--seconds 3] [--connections 10] [--warm-up-seconds 1]
 *     [--cpu-prof-dir DIR]
 *
 * With `--cpu-prof-dir` every service process writes a CPU profile there as it stops.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { fakeChannelsAbout } from "../support/fake-channels.ts";
import { type LoadFigures, measureLoad } from "../support/load-test.ts";
import { machineDescription, markdownTable, recordInPerformanceDoc } from "../support/performance-report.ts";
import { cpuSecondsOf } from "../support/process-cpu.ts";
import { cpuSecondsOfCommands, INFRA_COMMANDS, type Infra } from "../support/process-usage.ts";
import { startRealStack } from "../support/real-stack.ts";
import { median, range } from "../support/rounds-summary.ts";
import { followChannel, signUpThroughGateway } from "../support/signed-in-user.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    "warm-up-seconds": { type: "string", default: "1" },
    "cpu-prof-dir": { type: "string" },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const warmUpSeconds = Number(values["warm-up-seconds"]);
const FOLLOWED_CHANNELS = 5;
/**
 * What the gateway may cost: the channel list through it at least 0.6 of catalog's own rate, the current
 * user at least 0.4 of the slowest of its three owners, and at most 0.3 ms of the gateway's CPU per answer.
 */
const TARGETS = { channels: 0.6, currentUserOfSlowestOwner: 0.4, gatewayCpuMsPerAnswer: 0.3 };

const PROCESSES = ["gateway", "auth", "catalog", "billing"] as const;
/** The parts the two endpoints use besides the services; their CPU is anyone's on the machine, counted all the same. */
const INFRA_NAMES = ["Postgres", "Redis"] as const satisfies readonly Infra[];
const COLUMNS = [...PROCESSES, ...INFRA_NAMES, "autocannon"] as const;
type ProcessName = (typeof COLUMNS)[number];

interface Endpoint {
  label: string;
  url: string;
  headers: Record<string, string>;
}

/** One measured run: autocannon's figures and the CPU seconds each process spent meanwhile. */
interface Sample {
  figures: LoadFigures;
  cpuSeconds: Record<ProcessName, number>;
}

// Whatever else runs on the machine competes for the same two cores: said beside the figures.
const loadBefore = loadavg()[0] ?? 0;
const cpuProfileDir = values["cpu-prof-dir"] ? path.resolve(values["cpu-prof-dir"]) : undefined;
if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
const stack = await startRealStack({ cpuProfileDir });
try {
  const channels = fakeChannelsAbout("gateway bench", FOLLOWED_CHANNELS);
  for (const channel of channels) stack.youtube.addChannel(channel);
  const user = await signUpThroughGateway(stack, `bench-${randomUUID()}@example.com`, "a bench password");
  for (const channel of channels) await followChannel(stack.gateway, user, channel.id);
  const asBrowser = { cookie: user.cookie };
  // Signed once: a proof holds for five minutes and is bound to its request id, not to one request.
  const asGateway = callerHeaders(stack.identitySecret, user.id, `bench-${randomUUID()}`);

  const endpoints = {
    channelsDirect: {
      label: "catalog GET /api/user/channels (direct)",
      url: `${stack.catalog}/api/user/channels`,
      headers: asGateway,
    },
    channelsThrough: {
      label: "gateway GET /api/user/channels",
      url: `${stack.gateway}/api/user/channels`,
      headers: asBrowser,
    },
    authSummary: {
      label: "auth GET /internal/account-summary (direct)",
      url: `${stack.auth}/internal/account-summary`,
      headers: asGateway,
    },
    catalogSummary: {
      label: "catalog GET /internal/account-summary (direct)",
      url: `${stack.catalog}/internal/account-summary`,
      headers: asGateway,
    },
    billingSummary: {
      label: "billing GET /internal/account-summary (direct)",
      url: `${stack.billing}/internal/account-summary`,
      headers: asGateway,
    },
    currentUser: {
      label: "gateway GET /api/auth/current-user (3 owners)",
      url: `${stack.gateway}/api/auth/current-user`,
      headers: asBrowser,
    },
  } satisfies Record<string, Endpoint>;
  type EndpointName = keyof typeof endpoints;
  const names = Object.keys(endpoints) as EndpointName[];

  const measure = async (endpoint: Endpoint): Promise<Sample> => {
    const cpuBefore = PROCESSES.map((name) => cpuSecondsOf(stack.pids[name]));
    const infraBefore = INFRA_NAMES.map((name) => cpuSecondsOfCommands(INFRA_COMMANDS[name]));
    const ownBefore = process.cpuUsage();
    const figures = await measureLoad(
      endpoint.url,
      { connections, durationSeconds: seconds },
      { headers: endpoint.headers },
    );
    const own = process.cpuUsage(ownBefore);
    const cpuSeconds = Object.fromEntries([
      ...PROCESSES.map((name, index) => [name, cpuSecondsOf(stack.pids[name]) - (cpuBefore[index] ?? 0)]),
      ...INFRA_NAMES.map((name, index) => [
        name,
        cpuSecondsOfCommands(INFRA_COMMANDS[name]) - (infraBefore[index] ?? 0),
      ]),
      ["autocannon", (own.user + own.system) / 1e6],
    ]) as Record<ProcessName, number>;
    process.stdout.write(
      `  ${endpoint.label.padEnd(50)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.latencyP50Ms} ms  p99 ${figures.latencyP99Ms} ms\n`,
    );
    return { figures, cpuSeconds };
  };

  process.stdout.write(
    `${connections} connections; ${warmUpSeconds} s of warm-up per endpoint, then ${rounds} rounds of ${seconds} s each; ${FOLLOWED_CHANNELS} channels followed\n`,
  );
  // Warm-up apart, so JIT compilation and pool connections count neither in the rates nor in the CPU.
  for (const name of names) {
    const { url, headers } = endpoints[name];
    await measureLoad(url, { connections, durationSeconds: warmUpSeconds }, { headers });
  }
  const samples = Object.fromEntries(names.map((name) => [name, [] as Sample[]])) as Record<
    EndpointName,
    Sample[]
  >;
  for (let round = 1; round <= rounds; round++) {
    process.stdout.write(`round ${round}\n`);
    for (const name of names) samples[name].push(await measure(endpoints[name]));
  }

  const rates = (name: EndpointName) => samples[name].map((sample) => sample.figures.requestsPerSecond);
  const perRound = (through: EndpointName, direct: (round: number) => number) =>
    rates(through).map((rate, round) => rate / direct(round));
  const channelsRatios = perRound("channelsThrough", (round) => rates("channelsDirect")[round] ?? Number.NaN);
  const currentUserRatios = perRound("currentUser", (round) => rates("authSummary")[round] ?? Number.NaN);
  // The current user's three owners, each measured directly.
  const owners = ["authSummary", "catalogSummary", "billingSummary"] as const;
  const slowestOwnerRatios = perRound("currentUser", (round) =>
    Math.min(...owners.map((name) => rates(name)[round] ?? Number.NaN)),
  );
  const verdict = (met: boolean) => (met ? "met" : "missed");
  const ratioText = (ratios: number[]) => `${median(ratios).toFixed(2)}${range(ratios, 2)}`;
  const cpuMsPerAnswer = (name: EndpointName, column: (typeof COLUMNS)[number]) =>
    (samples[name].reduce((sum, sample) => sum + sample.cpuSeconds[column], 0) * 1000) /
    samples[name].reduce((sum, sample) => sum + sample.figures.requests, 0);
  const channelsMet = median(channelsRatios) >= TARGETS.channels;
  const currentUserMet = median(slowestOwnerRatios) >= TARGETS.currentUserOfSlowestOwner;
  const gatewayCpu = {
    channels: cpuMsPerAnswer("channelsThrough", "gateway"),
    currentUser: cpuMsPerAnswer("currentUser", "gateway"),
  };
  const gatewayCpuMet = Object.values(gatewayCpu).every((ms) => ms <= TARGETS.gatewayCpuMsPerAnswer);
  // The most answers a second the machine's cores could give at these costs, every process's CPU per
  // answer added up: no spreading of the work across the cores can pass it.
  const ceilingRatio = (name: EndpointName, direct: number) =>
    availableParallelism() /
    (COLUMNS.reduce((sum, column) => sum + cpuMsPerAnswer(name, column), 0) / 1000) /
    direct;
  const slowestOwnerRate = Math.min(...owners.map((name) => median(rates(name))));
  const ceilings = {
    channels: ceilingRatio("channelsThrough", median(rates("channelsDirect"))),
    currentUser: ceilingRatio("currentUser", slowestOwnerRate),
  };
  process.stdout.write(
    [
      `channels: gateway ÷ catalog = ${ratioText(channelsRatios)} (median of ${rounds} rounds; target ≥ ${TARGETS.channels}: ${verdict(channelsMet)})`,
      `current user: gateway ÷ the slowest owner = ${ratioText(slowestOwnerRatios)} (target ≥ ${TARGETS.currentUserOfSlowestOwner}: ${verdict(currentUserMet)}); ÷ auth = ${ratioText(currentUserRatios)}`,
      `gateway CPU per answer: ${gatewayCpu.channels.toFixed(2)} ms (channels), ${gatewayCpu.currentUser.toFixed(2)} ms (current user) (target ≤ ${TARGETS.gatewayCpuMsPerAnswer} ms: ${verdict(gatewayCpuMet)})`,
      `ceilings with every core busy: channels ${ceilings.channels.toFixed(2)} of catalog's rate, current user ${ceilings.currentUser.toFixed(2)} of the slowest owner's`,
      "",
    ].join("\n"),
  );

  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const figuresTable = markdownTable(
    ["endpoint", "req/s", "p50 latency", "p99 latency", "gateway ÷ direct"],
    names.map((name) => [
      endpoints[name].label,
      `**${median(rates(name)).toFixed(0)}**${range(rates(name), 0)}`,
      ms(median(samples[name].map((sample) => sample.figures.latencyP50Ms))),
      ms(median(samples[name].map((sample) => sample.figures.latencyP99Ms))),
      name === "channelsThrough"
        ? `**${ratioText(channelsRatios)}** (target ≥ ${TARGETS.channels}: ${verdict(channelsMet)})`
        : name === "currentUser"
          ? `**${ratioText(slowestOwnerRatios)}** against the slowest owner (target ≥ ${TARGETS.currentUserOfSlowestOwner}: ${verdict(currentUserMet)}), ${ratioText(currentUserRatios)} against auth`
          : "",
    ]),
  );
  const cpuTable = markdownTable(
    ["endpoint", ...COLUMNS],
    names.map((name) => [
      endpoints[name].label,
      ...COLUMNS.map((column) => cpuMsPerAnswer(name, column).toFixed(2)),
    ]),
  );
  recordInPerformanceDoc(
    "gateway-overhead",
    [
      "```",
      `node --import tsx bench/suite/gateway-overhead.ts --rounds ${rounds} --seconds ${seconds} --connections ${connections} --warm-up-seconds ${warmUpSeconds}`,
      "```",
      "",
      `${machineDescription()}; ${new Date().toISOString().slice(0, 10)}. Local Postgres, Redis and RabbitMQ; autocannon in the bench's own process on the same two cores as the four service processes; ${connections} connections; each endpoint warmed up for ${warmUpSeconds} s, then ${rounds} rounds of ${seconds} s per endpoint; the user follows ${FOLLOWED_CHANNELS} channels; rate limits lifted; load average ${loadBefore.toFixed(1)} before the run.`,
      "",
      `Medians of the rounds (range in brackets); each ratio is taken within a round:`,
      "",
      figuresTable,
      "",
      `CPU milliseconds per answer, by process, over all rounds (Postgres and Redis: every process of theirs on the machine); the gateway's share through it, target ≤ ${TARGETS.gatewayCpuMsPerAnswer} ms: ${verdict(gatewayCpuMet)}:`,
      "",
      cpuTable,
      "",
      `With the ${availableParallelism()} cores busy all the time and nothing else running, these costs would allow the channel list through the gateway at most **${ceilings.channels.toFixed(2)}** of catalog's own median rate and the current user at most **${ceilings.currentUser.toFixed(2)}** of its slowest owner's.`,
    ].join("\n"),
  );
} finally {
  await stack.stop();
}
