/**
 * Operator tool for dead letters on RabbitMQ.
 *
 *   npx tsx libs/bus/src/cli/dead-letters.ts list <queue> [--url amqp://…] [--limit 100] [--json]
 *   npx tsx libs/bus/src/cli/dead-letters.ts replay <queue> [--url amqp://…] [--limit N]
 *
 * <queue> is the consuming queue ("mailer.welcome-mail"), not its ".dead-letter" queue.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { pino } from "pino";
import type { DeadLetter } from "../dead-letters.ts";
import { openRabbitMqDeadLetters } from "../rabbitmq/open-rabbitmq-dead-letters.ts";

const USAGE =
  "usage: dead-letters.ts list|replay <queue> [--url amqp://user:password@host:5672] [--limit N] [--json]";
const DEFAULT_URL = "amqp://guest:guest@127.0.0.1:5672";

export interface CliOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

interface Command {
  action: "list" | "replay";
  queue: string;
  url: string;
  limit: number | undefined;
  json: boolean;
}

/** Runs one command and answers its exit code (2: a wrong command line). */
export async function runDeadLettersCli(argv: readonly string[], io: CliOutput): Promise<number> {
  const command = parseCommand(argv);
  if (!command) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const log = pino({ level: "warn" }, pino.destination(2));
  const deadLetters = await openRabbitMqDeadLetters(command.url, log);
  const page = command.limit === undefined ? {} : { limit: command.limit };
  try {
    if (command.action === "replay") {
      const replayed = await deadLetters.replay(command.queue, page);
      io.stdout.write(`replayed ${replayed} dead letter(s) to ${command.queue}\n`);
    } else {
      const letters = await deadLetters.list(command.queue, page);
      io.stdout.write(
        command.json ? `${JSON.stringify(letters, null, 2)}\n` : formatTable(command.queue, letters),
      );
    }
    return 0;
  } finally {
    await deadLetters.close();
  }
}

function parseCommand(argv: readonly string[]): Command | undefined {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { url: { type: "string" }, limit: { type: "string" }, json: { type: "boolean" } },
    });
    const [action, queue, ...rest] = positionals;
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (action !== "list" && action !== "replay") return undefined;
    if (!queue || rest.length > 0) return undefined;
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) return undefined;
    return { action, queue, url: values.url ?? DEFAULT_URL, limit, json: values.json ?? false };
  } catch {
    return undefined;
  }
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

// Run as a script (not when imported by a test).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runDeadLettersCli(process.argv.slice(2), process).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
