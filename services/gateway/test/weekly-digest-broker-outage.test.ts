import { eventually } from "@tubedigest/testing/eventually";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { untilMidRun } from "./support/digest-progress.ts";
import { seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, FAULT_RUN, startFaultRig, summaryCalls } from "./support/digest-rig.ts";
import { holdLock } from "./support/held-lock.ts";
import { takeAway } from "./support/part-outage.ts";

/** How long the broker refuses connections, past the first reconnection tries of every client. */
const AWAY_MS = 3_000;

describe("the weekly digest when the broker connection is cut mid-run", () => {
  let rig: DigestRig;

  beforeAll(async () => {
    rig = await startFaultRig();
  }, 60_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it("mails every eligible reader exactly once once the broker is back, losing nothing", async () => {
    const readers = await seedDigestReaders(rig.stack, rig.summaries, FAULT_RUN.readers);
    await rig.announceMonday();
    const atCut = await untilMidRun(rig, readers.eligible.length);

    // The cut must find deliveries of newsletter.composed handled but not yet acked, the case the inbox
    // is for: the mailer's writes to its messages table wait on a lock of the test's until the line is
    // dead, then commit, and their acks go nowhere; the broker delivers those events again.
    const mailer = rig.stack.databases.mailer;
    if (!mailer) throw new Error("a real stack has a mailer schema");
    const lock = await holdLock(mailer, sql`lock table messages in share mode`);
    let away: Promise<void> | undefined;
    try {
      await eventually(
        async () => ((await lock.waiting('insert into "messages"%')) >= 2 ? true : undefined),
        30_000,
      );
      expect(rig.proxies.rabbitMq.openConnections).toBeGreaterThan(0);
      away = takeAway(rig.proxies.rabbitMq, AWAY_MS);
    } finally {
      await lock.release();
    }
    await away;
    expect(atCut.mailed).toBeLessThan(readers.eligible.length);
    expect(atCut.composed).toBeLessThan(readers.eligible.length);

    await expectEachEligibleMailedOnce(rig.stack, rig.smtp, readers, rig.summaries);
    expect(summaryCalls(rig.llm)).toBe(readers.newVideos);
  }, 150_000);
});
