import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { untilMidRun } from "./support/digest-progress.ts";
import { seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, FAULT_RUN, startFaultRig, summaryCalls } from "./support/digest-rig.ts";
import { takeAway } from "./support/part-outage.ts";

/**
 * How long Redis is away, as long as a restart that reloads its append-only file: longer than the rig's
 * holds (FAULT_RUN.holdMs), so the compose jobs running when Redis goes lose their hold on it meanwhile.
 */
const AWAY_MS = 3_000;

describe("the weekly digest when Redis restarts mid-run", () => {
  let rig: DigestRig;

  beforeAll(async () => {
    rig = await startFaultRig();
  }, 60_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it("mails every eligible reader exactly once once Redis is back, losing nothing", async () => {
    const readers = await seedDigestReaders(rig.stack, rig.summaries, FAULT_RUN.readers);
    await rig.announceMonday();

    // Compose jobs are running and waiting in BullMQ when every connection to Redis (the work queue's,
    // the gateway's sessions, catalog's cache) is cut and refused for three seconds; the jobs, as an
    // append-only file keeps them, are there when it comes back, their holds lapsed.
    const atCut = await untilMidRun(rig, readers.eligible.length);
    expect(rig.proxies.redis.openConnections).toBeGreaterThan(0);
    await takeAway(rig.proxies.redis, AWAY_MS);
    expect(atCut.composed).toBeLessThan(readers.eligible.length);

    await expectEachEligibleMailedOnce(rig.stack, rig.smtp, readers, rig.summaries);
    expect(summaryCalls(rig.llm)).toBe(readers.newVideos);
  }, 150_000);
});
