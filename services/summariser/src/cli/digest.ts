/**
 * Operator tool for the weekly digest: see USAGE. The database is DATABASE_URL (schema DATABASE_SCHEMA);
 * the work queue is REDIS_URL's, when the summariser runs with one.
 */
import { parseArgs } from "node:util";
import { loadConfigOrExit, SchemaName, Url } from "@tubedigest/config";
import { createDatabase } from "@tubedigest/db";
import type { JobQueue } from "@tubedigest/jobs";
import type { Kysely } from "kysely";
import { pino } from "pino";
import Type from "typebox";
import { DEFAULT_REDIS_KEY_PREFIX } from "../config.ts";
import type { DigestJobs } from "../digest/digest-jobs.ts";
import { digestProgress } from "../digest/digest-progress.ts";
import { openDigestJobs } from "../digest/digest-queue.ts";
import { rerunDigest } from "../digest/rerun-digest.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { isRunAsScript, runToExit } from "./run-as-script.ts";

const USAGE = `usage:
  digest.ts status [--week 2026-W48]             each week's digests: users in all, queued, composing,
                                                 composed, skipped, failed (newest week first)
  digest.ts rerun --user <user id> --week <key>  put a failed digest back in the queue
The database is DATABASE_URL (schema DATABASE_SCHEMA, "summariser"); the queue is REDIS_URL's. Without
REDIS_URL (the embedded product) a rerun digest is queued by the next digest.due after ten minutes.`;

const COLUMNS = ["queued", "composing", "composed", "skipped", "failed"] as const;

export interface CliOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

type Command =
  | { action: "status"; week: string | undefined }
  | { action: "rerun"; userId: string; week: string };

/** Runs one command and answers its exit code (1: it could not be done, 2: a wrong command line). */
export async function runDigestCli(
  argv: readonly string[],
  io: CliOutput,
  parts: { db: Kysely<SummariserDatabase>; jobs?: JobQueue<DigestJobs> | undefined },
): Promise<number> {
  const command = parseCommand(argv);
  if (!command) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command.action === "status") {
    const weeks = await digestProgress(parts.db, command.week);
    if (weeks.length === 0) {
      io.stdout.write(command.week ? `No digests for ${command.week}.\n` : "No digests yet.\n");
      return 0;
    }
    const rows = weeks.map((week) => [week.weekKey, week.users, ...COLUMNS.map((column) => week[column])]);
    io.stdout.write(table([["week", "users", ...COLUMNS], ...rows]));
    if (parts.jobs) {
      const counts = await parts.jobs.counts();
      io.stdout.write(
        `queue: ${counts.waiting} waiting, ${counts.active} running, ${counts.delayed} waiting to retry, ${counts.failed} failed\n`,
      );
    }
    return 0;
  }
  const row = await rerunDigest(parts.db, parts.jobs, { userId: command.userId, weekKey: command.week });
  if (!row) {
    io.stderr.write(`No failed digest of user ${command.userId} for ${command.week}.\n`);
    return 1;
  }
  io.stdout.write(
    parts.jobs
      ? `Digest of ${command.userId} for ${command.week} queued again.\n`
      : `Digest of ${command.userId} for ${command.week} queued again; the next digest.due adds its job.\n`,
  );
  return 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCommand(argv: readonly string[]): Command | undefined {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { week: { type: "string" }, user: { type: "string" } },
    });
    const [action, ...rest] = positionals;
    if (rest.length > 0) return undefined;
    if (action === "status" && values.user === undefined) return { action, week: values.week };
    if (action === "rerun" && values.user && UUID.test(values.user) && values.week) {
      return { action, userId: values.user.toLowerCase(), week: values.week };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** Columns padded to their widest cell, numbers to the right. */
function table(rows: (string | number)[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length))) ?? [];
  const line = (row: (string | number)[]) =>
    row
      .map((cell, column) =>
        typeof cell === "number"
          ? String(cell).padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return `${rows.map(line).join("\n")}\n`;
}

/** Where the summariser keeps its digests and queue, read once when run as a script. */
const CliEnvironment = Type.Object({
  DATABASE_URL: Url(["postgres", "postgresql"]),
  DATABASE_SCHEMA: SchemaName("summariser"),
  REDIS_URL: Type.Optional(Url(["redis", "rediss"])),
  REDIS_KEY_PREFIX: Type.String({ default: DEFAULT_REDIS_KEY_PREFIX }),
});

if (isRunAsScript(import.meta.url)) {
  const env = loadConfigOrExit(CliEnvironment);
  const database = createDatabase<SummariserDatabase>({
    url: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    poolSize: 1,
  });
  const jobs = env.REDIS_URL
    ? openDigestJobs(
        { redisUrl: env.REDIS_URL, redisKeyPrefix: env.REDIS_KEY_PREFIX },
        pino({ level: "error" }),
      )
    : undefined;
  runToExit(
    () => runDigestCli(process.argv.slice(2), process, { db: database.db, jobs }),
    async () => {
      await jobs?.close();
      await database.close();
    },
  );
}
