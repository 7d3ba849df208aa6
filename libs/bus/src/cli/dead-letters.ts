/**
 * Operator tool for dead letters on RabbitMQ: see USAGE. The broker is RABBITMQ_URL (or --url).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfigOrExit, Url } from "@tubedigest/config";
import { CONSUMER_QUEUES } from "@tubedigest/contracts/consumer-queues";
import { pino } from "pino";
import Type from "typebox";
import type { DeadLetter } from "../dead-letters.ts";
import { type OperatorDeadLetters, openRabbitMqDeadLetters } from "../rabbitmq/open-rabbitmq-dead-letters.ts";
import { deadLetterQueueName } from "../topology-names.ts";

const USAGE = `usage:
  dead-letters.ts list                          the dead-letter queues of the known services, with counts
  dead-letters.ts list <queue> [--limit N] [--json]   its dead letters, why each died (nothing removed)
  dead-letters.ts replay <queue> [--limit N]    send them back to <queue> once the cause is fixed
  dead-letters.ts drop <queue> <event-id> [--yes]     remove one for good (without --yes: show it)
  dead-letters.ts drop <queue> --all [--yes]          remove all of them for good
<queue> is a consuming queue, "<service>.<purpose>" (catalog.signup-channels); its ".dead-letter" name
works too. The broker is RABBITMQ_URL, or --url amqp://user:password@host:5672.`;

const DEAD_LETTER_SUFFIX = deadLetterQueueName("");

export interface CliOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface CliSettings {
  /** The broker, unless the command line names another with --url. */
  url: string;
  /** The queues `list` offers when given none: every service's consuming queues. */
  knownQueues?: readonly string[];
}

type Command =
  | { action: "overview" }
  | { action: "list"; queue: string; limit: number | undefined; json: boolean }
  | { action: "replay"; queue: string; limit: number | undefined }
  | { action: "drop"; queue: string; which: { eventId: string } | { all: true }; confirmed: boolean };

/** Runs one command and answers its exit code (1: it could not be done, 2: a wrong command line). */
export async function runDeadLettersCli(
  argv: readonly string[],
  io: CliOutput,
  settings: CliSettings,
): Promise<number> {
  const parsed = parseCommand(argv);
  if (!parsed) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { command } = parsed;
  const url = parsed.url ?? settings.url;
  // Only errors: a failed connection attempt is reported once, below, not as a log line per retry.
  const log = pino({ level: "error" }, pino.destination(2));
  let deadLetters: OperatorDeadLetters | undefined;
  try {
    deadLetters = await openRabbitMqDeadLetters(url, log);
    return await run(command, deadLetters, io, settings.knownQueues ?? CONSUMER_QUEUES);
  } catch (error) {
    // Socket errors carry a string code (ECONNREFUSED); the broker's refusals a number (404).
    if (typeof (error as { code?: unknown }).code !== "string") throw error;
    io.stderr.write(
      `Cannot reach RabbitMQ at ${addressOf(url)} (${(error as Error).message}): start it, or set RABBITMQ_URL (or --url) to one that runs.\n`,
    );
    return 1;
  } finally {
    await deadLetters?.close();
  }
}

/** Host and port of the broker, never its user or password. */
function addressOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === "amqps:" ? 5671 : 5672)}`;
}

async function run(
  command: Command,
  deadLetters: OperatorDeadLetters,
  io: CliOutput,
  knownQueues: readonly string[],
): Promise<number> {
  const counts = async () =>
    Promise.all(knownQueues.map(async (queue) => ({ queue, count: await deadLetters.count(queue) })));
  if (command.action === "overview") {
    io.stdout.write(formatOverview(await counts()));
    return 0;
  }
  const { queue } = command;
  if ((await deadLetters.count(queue)) === undefined) {
    const existing = (await counts()).filter(({ count }) => count !== undefined);
    const valid = existing.map(({ queue: name, count }) => `${name} (${count})`).join(", ") || "none yet";
    io.stderr.write(
      `There is no dead-letter queue for "${queue}" on this broker. Queues with one: ${valid}. ` +
        `Give a consuming queue's name ("<service>.<purpose>"), with or without "${DEAD_LETTER_SUFFIX}".\n`,
    );
    return 1;
  }
  switch (command.action) {
    case "list": {
      const letters = await deadLetters.list(queue, pageOf(command.limit));
      io.stdout.write(command.json ? `${JSON.stringify(letters, null, 2)}\n` : formatTable(queue, letters));
      return 0;
    }
    case "replay": {
      const replayed = await deadLetters.replay(queue, pageOf(command.limit));
      io.stdout.write(`replayed ${replayed} dead letter(s) to ${queue}\n`);
      return 0;
    }
    case "drop":
      return drop(command, deadLetters, io);
  }
}

async function drop(
  command: Extract<Command, { action: "drop" }>,
  deadLetters: OperatorDeadLetters,
  io: CliOutput,
): Promise<number> {
  const { queue, which, confirmed } = command;
  if (confirmed) {
    const dropped = await deadLetters.drop(queue, which);
    if (dropped === 0 && "eventId" in which) {
      io.stderr.write(`No dead letter with event id ${which.eventId} in ${queue}; nothing dropped.\n`);
      return 1;
    }
    io.stdout.write(`dropped ${dropped} dead letter(s) from ${queue}\n`);
    return 0;
  }
  // Without --yes, say exactly what would go, and change nothing.
  const all = await deadLetters.list(queue, { limit: Number.MAX_SAFE_INTEGER });
  const chosen = "all" in which ? all : all.filter((letter) => letter.eventId === which.eventId);
  if (chosen.length === 0) {
    io.stderr.write(
      "all" in which
        ? `No dead letters in ${queue}; nothing to drop.\n`
        : `No dead letter with event id ${which.eventId} in ${queue}; nothing to drop.\n`,
    );
    return 1;
  }
  const again = `dead-letters.ts drop ${queue} ${"all" in which ? "--all" : which.eventId} --yes`;
  io.stdout.write(
    `would drop ${formatTable(queue, chosen)}Nothing was dropped. To remove them for good: ${again}\n`,
  );
  return 0;
}

function pageOf(limit: number | undefined): { limit?: number } {
  return limit === undefined ? {} : { limit };
}

/** The consuming queue a name means: "x.dead-letter" is the dead-letter queue of "x". */
function consumingQueue(name: string): string {
  return name.endsWith(DEAD_LETTER_SUFFIX) ? name.slice(0, -DEAD_LETTER_SUFFIX.length) : name;
}

function parseCommand(argv: readonly string[]): { command: Command; url: string | undefined } | undefined {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
        all: { type: "boolean" },
        yes: { type: "boolean" },
      },
    });
    const [action, name, ...rest] = positionals;
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) return undefined;
    const json = values.json ?? false;
    const command = commandOf(action, name && consumingQueue(name), rest, { ...values, limit, json });
    return command && { command, url: values.url };
  } catch {
    return undefined;
  }
}

function commandOf(
  action: string | undefined,
  queue: string | undefined,
  rest: string[],
  options: { limit: number | undefined; json: boolean; all?: boolean; yes?: boolean },
): Command | undefined {
  if (action === "list" && !queue && options.limit === undefined && !options.json)
    return { action: "overview" };
  if (!queue || (options.all !== undefined && action !== "drop")) return undefined;
  if (action === "list" && rest.length === 0)
    return { action, queue, limit: options.limit, json: options.json };
  if (action === "replay" && rest.length === 0 && !options.json)
    return { action, queue, limit: options.limit };
  if (action !== "drop" || options.limit !== undefined || options.json) return undefined;
  const [eventId, ...more] = rest;
  if (more.length > 0 || (eventId === undefined) === (options.all === undefined)) return undefined;
  const which = eventId === undefined ? ({ all: true } as const) : { eventId };
  return { action, queue, which, confirmed: options.yes ?? false };
}

function formatOverview(counts: readonly { queue: string; count: number | undefined }[]): string {
  const existing = counts.filter(({ count }) => count !== undefined);
  const missing = counts.filter(({ count }) => count === undefined).map(({ queue }) => queue);
  const width = Math.max(0, ...existing.map(({ queue }) => queue.length));
  const lines = existing.map(({ queue, count }) => `  ${queue.padEnd(width)}  ${count} dead letter(s)`);
  const header =
    existing.length > 0
      ? "Dead-letter queues (name one to list, replay or drop its letters):"
      : "No dead-letter queue exists on this broker yet.";
  const absent =
    missing.length > 0
      ? [`Not declared on this broker (their service has not started against it): ${missing.join(", ")}`]
      : [];
  return `${[header, ...lines, ...absent].join("\n")}\n`;
}

function formatTable(queue: string, letters: readonly DeadLetter[]): string {
  if (letters.length === 0) return `no dead letters in ${queue}\n`;
  const lines = letters.map((letter) =>
    [
      letter.deadLetteredAt ?? "-",
      letter.routingKey,
      letter.eventId ?? "(no event id)",
      `attempts=${letter.attempts}`,
      letter.reason,
    ].join("  "),
  );
  return `${letters.length} dead letter(s) in ${queue}:\n${lines.join("\n")}\n`;
}

/** The broker, read once when run as a script; --url overrides it. */
const CliEnvironment = Type.Object({
  RABBITMQ_URL: Url(["amqp", "amqps"], { default: "amqp://guest:guest@127.0.0.1:5672" }),
});

// Run as a script (not when imported by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const env = loadConfigOrExit(CliEnvironment);
  runDeadLettersCli(process.argv.slice(2), process, { url: env.RABBITMQ_URL }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
