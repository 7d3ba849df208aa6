import type { ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { eventually } from "@tubedigest/testing/eventually";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { countRows, seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, startDigestRig, summaryCalls } from "./support/digest-rig.ts";
import { startReplicaProcess } from "./support/replica-process.ts";
import { startSlowHttpProxy } from "./support/slow-http-proxy.ts";
import type { SummariserReplicaConfig } from "./support/summariser-replica.ts";

const replicaEntry = fileURLToPath(new URL("./support/summariser-replica.ts", import.meta.url));

const READERS = 80;
/** How long a replica's hold on a compose job and its lease on a digest last unrenewed: a dead one's work moves on within about this. */
const HOLD_MS = 1_500;

describe("the weekly digest end to end (Postgres, Redis/BullMQ, RabbitMQ, fake YouTube, fake model, SMTP)", () => {
  let rig: DigestRig;
  let slowCatalog: (Server & { url: string }) | undefined;
  let replica: ChildProcess | undefined;

  beforeAll(async () => {
    // Small batches: many compose jobs, so the second replica surely takes some of them.
    rig = await startDigestRig({ holdMs: HOLD_MS, batchSize: 5 });
    // A catalog that answers every call a second late: a replica going through it is always mid-digest.
    slowCatalog = await startSlowHttpProxy(rig.stack.services.catalog, 1_000);
  }, 60_000);

  afterAll(async () => {
    replica?.kill("SIGKILL");
    slowCatalog?.close();
    await rig?.stop();
  });

  it("mails exactly one digest per eligible user, none to the others, one summary call per new video", async () => {
    const { stack, summaries, llm } = rig;
    const readers = await seedDigestReaders(stack, summaries, READERS);
    expect(summaryCalls(llm)).toBe(readers.newVideos);

    // A second replica, whose catalog answers slowly, joins; Monday's slot arrives twice.
    const settings = stack.summariserReplica?.settings;
    const bus = stack.summariserReplica?.bus;
    if (!settings || !bus || !slowCatalog) throw new Error("a real stack can take a replica");
    const config: SummariserReplicaConfig = {
      settings: { ...settings, catalogUrl: slowCatalog.url },
      bus,
      leases: { owner: "doomed-replica", leaseMs: HOLD_MS, pollMs: 50 },
    };
    const child = await startReplicaProcess(replicaEntry, config);
    replica = child;
    await rig.announceMonday(2);

    // Killed while it holds digests mid-compose: what it held is finished by the replica that lives.
    const held = await eventually(async () => {
      const rows = await sql<{ user_id: string }>`
        select user_id from digests where claimed_by = 'doomed-replica' and status = 'composing'`.execute(
        summaries.db,
      );
      return rows.rows.length > 0 ? rows.rows.map((row) => row.user_id) : undefined;
    }, 30_000);
    child.kill("SIGKILL");

    await expectEachEligibleMailedOnce(stack, rig.smtp, readers, summaries);
    expect(summaryCalls(llm)).toBe(readers.newVideos);
    for (const userId of held) {
      expect(await countRows(summaries, `digests where user_id = '${userId}' and status = 'composed'`)).toBe(
        1,
      );
    }
  }, 300_000);
});
