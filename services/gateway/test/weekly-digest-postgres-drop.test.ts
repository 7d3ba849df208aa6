import { eventually } from "@tubedigest/testing/eventually";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { untilMidRun } from "./support/digest-progress.ts";
import { seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, FAULT_RUN, startFaultRig, summaryCalls } from "./support/digest-rig.ts";
import { holdLock } from "./support/held-lock.ts";

/** The SMTP server's replies this late around the cut: a send begun is still under way when its row is locked. */
const SMTP_REPLY_DELAY_MS = 2_000;

/** A message's "sent" as the mailer records it, as pg_stat_activity shows it (kysely's SQL, values as $n). */
const MARK_SENT = 'update "messages" set "status" = $1, "sent_at" = $2%';

describe("the weekly digest when its Postgres connections are dropped mid-run", () => {
  let rig: DigestRig;

  beforeAll(async () => {
    rig = await startFaultRig();
  }, 60_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it("mails every eligible reader exactly once, recording each send despite the cut", async () => {
    const readers = await seedDigestReaders(rig.stack, rig.summaries, FAULT_RUN.readers);
    await rig.announceMonday();
    const atCut = await untilMidRun(rig, readers.eligible.length);

    // The cut must find the dangerous moment in flight: messages the SMTP server accepted whose "sent" is
    // not yet recorded. From here the SMTP server answers slowly; once a send has begun, the test locks
    // the rows being sent, so their records wait, mid-statement, until every service connection has been
    // reset (whatever else runs then, composes and handlers, is cut too).
    const mailer = rig.stack.databases.mailer;
    if (!mailer) throw new Error("a real stack has a mailer schema");
    rig.smtp.fail({ kind: "slow", delayMs: SMTP_REPLY_DELAY_MS });
    const begun = rig.smtp.attempts;
    await eventually(() => (rig.smtp.attempts > begun ? true : undefined), 30_000);
    const lock = await holdLock(mailer, sql`select id from messages where status = 'sending' for update`);
    try {
      await eventually(async () => ((await lock.waiting(MARK_SENT)) >= 1 ? true : undefined), 30_000);
      expect(rig.proxies.postgres.openConnections).toBeGreaterThan(0);
      rig.proxies.postgres.dropConnections();
    } finally {
      await lock.release();
      rig.smtp.heal();
    }
    expect(atCut.mailed).toBeLessThan(readers.eligible.length);
    expect(atCut.composed).toBeLessThan(readers.eligible.length);

    await expectEachEligibleMailedOnce(rig.stack, rig.smtp, readers, rig.summaries);
    expect(summaryCalls(rig.llm)).toBe(readers.newVideos);
  }, 150_000);
});
