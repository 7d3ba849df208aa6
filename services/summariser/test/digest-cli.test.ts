import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { childEnvironment } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDigestCli } from "../src/cli/digest.ts";
import type { DigestStatus } from "../src/store/database.ts";
import { capturedOutput } from "./support/captured-output.ts";
import { fastDigestJobs, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const script = fileURLToPath(new URL("../src/cli/digest.ts", import.meta.url));

/** What the CLI wrote, and its exit code. */
async function run(argv: string[], parts: Parameters<typeof runDigestCli>[2]) {
  const { io, written } = capturedOutput();
  const code = await runDigestCli(argv, io, parts);
  return { code, ...written };
}

describe("the digest's operator CLI: progress per week and a failed digest's rerun (Postgres)", () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let summariser: SummariserUnderTest;
  const jobs = fastDigestJobs();
  const failedUser = randomUUID();

  beforeAll(async () => {
    schema = await createTestSchema("summariser");
    summariser = await startSummariser(
      { writer: controlledWriter().writer, jobs },
      { schema: { url: schema.url, schema: schema.schema } },
    );
    const row = (userId: string, weekKey: string, status: DigestStatus) => ({
      user_id: userId,
      week_key: weekKey,
      week_start: "2026-11-23",
      status,
      slot: new Date(),
      due_at: new Date(),
      attempts: status === "queued" ? 0 : 1,
    });
    await summariser.database.db
      .insertInto("digests")
      .values([
        row(randomUUID(), "2026-W47", "composed"),
        row(randomUUID(), "2026-W47", "skipped"),
        row(randomUUID(), "2026-W48", "composed"),
        row(randomUUID(), "2026-W48", "composed"),
        row(randomUUID(), "2026-W48", "composing"),
        row(failedUser, "2026-W48", "failed"),
      ])
      .execute();
  });
  afterAll(async () => {
    await summariser.stop();
    await schema.drop();
  });

  it("shows each week's progress, newest first, or one week's", async () => {
    const all = await run(["status"], { db: summariser.database.db });
    expect(all.code).toBe(0);
    expect(all.stdout.split("\n")).toEqual([
      "week      users  queued  composing  composed  skipped  failed",
      "2026-W48      4       0          1         2        0       1",
      "2026-W47      2       0          0         1        1       0",
      "",
    ]);
    const one = await run(["status", "--week", "2026-W47"], { db: summariser.database.db, jobs });
    expect(one.stdout).toContain("2026-W47      2");
    expect(one.stdout).not.toContain("2026-W48");
    expect(one.stdout).toMatch(/^queue: \d+ waiting, \d+ running, \d+ waiting to retry, \d+ failed$/m);
    expect((await run(["status", "--week", "1999-W01"], { db: summariser.database.db })).stdout).toBe(
      "No digests for 1999-W01.\n",
    );
  });

  it("puts a failed digest back in the queue, where it is composed; anything else is refused", async () => {
    const rerun = await run(["rerun", "--user", failedUser, "--week", "2026-W48"], {
      db: summariser.database.db,
      jobs,
    });
    expect(rerun).toMatchObject({ code: 0, stdout: `Digest of ${failedUser} for 2026-W48 queued again.\n` });
    // The user follows nothing: composed to "skipped", no newsletter.
    await expect
      .poll(
        async () =>
          (
            await summariser.database.db
              .selectFrom("digests")
              .select(["status", "reason"])
              .where("user_id", "=", failedUser)
              .executeTakeFirst()
          )?.reason,
        { timeout: 10_000 },
      )
      .toBe("no-channels");
    const again = await run(["rerun", "--user", failedUser, "--week", "2026-W48"], {
      db: summariser.database.db,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`No failed digest of user ${failedUser} for 2026-W48.\n`);
  });

  it.each([
    [[]],
    [["rerun", "--user", "not-a-uuid", "--week", "2026-W48"]],
    [["rerun", "--week", "x"]],
    [["purge"]],
  ])("answers a wrong command line %j with its usage", async (argv) => {
    const wrong = await run(argv, { db: summariser.database.db });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^usage:/);
  });

  it("runs as a script with tsx", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, "status"], {
      env: childEnvironment({ DATABASE_URL: schema.url, DATABASE_SCHEMA: schema.schema, REDIS_URL: "" }),
    });
    expect(stdout).toContain("2026-W47      2       0          0         1        1       0");
  });
});
