import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { untilMidRun } from "./support/digest-progress.ts";
import { seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, startDigestRig } from "./support/digest-rig.ts";
import { takeAway } from "./support/part-outage.ts";

/** Enough readers for a run that lasts a few seconds; the shares of each group as in the 200-reader test. */
const READERS = 40;
/** Shorter than the outage: the compose jobs running when Redis goes lose their hold on it meanwhile. */
const HOLD_MS = 1_500;
/** Catalog's answers to the summariser this late keep a run going for about three seconds. */
const CATALOG_DELAY_MS = 250;
/** How long Redis is away, as long as a restart that reloads its append-only file. */
const AWAY_MS = 3_000;

describe("the weekly digest when Redis restarts mid-run", () => {
  let rig: DigestRig;

  beforeAll(async () => {
    rig = await startDigestRig({ holdMs: HOLD_MS, catalogDelayMs: CATALOG_DELAY_MS });
  }, 60_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it("mails every eligible reader exactly once once Redis is back, losing nothing", async () => {
    const readers = await seedDigestReaders(rig.stack, rig.summaries, READERS);
    await rig.announceMonday();

    // Compose jobs are running and waiting in BullMQ when every connection to Redis (the work queue's,
    // the gateway's sessions, catalog's cache) is cut and refused for three seconds; the jobs, as an
    // append-only file keeps them, are there when it comes back, their holds lapsed.
    const atCut = await untilMidRun(rig, readers.eligible.length);
    expect(rig.proxies.redis.openConnections).toBeGreaterThan(0);
    await takeAway(rig.proxies.redis, AWAY_MS);
    expect(atCut.composed).toBeLessThan(readers.eligible.length);

    await expectEachEligibleMailedOnce(rig.stack, rig.smtp, readers, rig.summaries);
    expect(rig.llm.calls).toBe(readers.newVideos);
  }, 150_000);
});
