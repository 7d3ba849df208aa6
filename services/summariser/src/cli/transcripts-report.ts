/**
 * Operator report of where summaries' words came from: see USAGE. The database is DATABASE_URL (schema
 * DATABASE_SCHEMA).
 */
import { parseArgs } from "node:util";
import { loadConfigOrExit, SchemaName, Url } from "@tubedigest/config";
import { createDatabase } from "@tubedigest/db";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import Type from "typebox";
import type { SummariserDatabase } from "../store/database.ts";
import { SummaryRepository } from "../store/summary-repository.ts";
import { transcriptCostsByWeek } from "../store/transcript-costs.ts";
import type { CliOutput } from "./digest.ts";
import { isRunAsScript, runToExit } from "./run-as-script.ts";
import { sourceSharesTable } from "./source-shares-table.ts";

const USAGE = `usage:
  transcripts-report.ts [--weeks 4]   per ISO week (UTC), newest first: the videos summarised, the share of
                                      each source (the chain's step that served the transcript, or its kind
                                      before steps were recorded, or description), and what the paid steps
                                      spent
The database is DATABASE_URL (schema DATABASE_SCHEMA, "summariser").`;

/** Prints the report and answers its exit code (2: a wrong command line). */
export async function runTranscriptsReport(
  argv: readonly string[],
  io: CliOutput,
  db: Kysely<SummariserDatabase>,
  now: Date = new Date(),
): Promise<number> {
  const weeks = parseWeeks(argv);
  if (weeks === undefined) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // The current week counts as the first of them, so it starts on Monday (UTC) weeks - 1 weeks back.
  const since = DateTime.fromJSDate(now, { zone: "utc" })
    .startOf("week")
    .minus({ weeks: weeks - 1 })
    .toJSDate();
  const counts = await new SummaryRepository(db).sourceCountsByWeek(since);
  io.stdout.write(sourceSharesTable(counts, weeks, await transcriptCostsByWeek(db, since)));
  return 0;
}

function parseWeeks(argv: readonly string[]): number | undefined {
  try {
    const { values } = parseArgs({ args: [...argv], options: { weeks: { type: "string", default: "4" } } });
    const weeks = Number(values.weeks);
    return Number.isInteger(weeks) && weeks >= 1 && weeks <= 520 ? weeks : undefined;
  } catch {
    return undefined;
  }
}

/** Where the summariser keeps its summaries, read once when run as a script. */
const CliEnvironment = Type.Object({
  DATABASE_URL: Url(["postgres", "postgresql"]),
  DATABASE_SCHEMA: SchemaName("summariser"),
});

if (isRunAsScript(import.meta.url)) {
  const env = loadConfigOrExit(CliEnvironment);
  const database = createDatabase<SummariserDatabase>({
    url: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    poolSize: 1,
  });
  runToExit(
    () => runTranscriptsReport(process.argv.slice(2), process, database.db),
    () => database.close(),
  );
}
