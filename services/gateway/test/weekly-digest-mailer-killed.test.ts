import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createDatabase, type Database } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestMails, expectEachEligibleMailedOnce } from "./support/digest-delivery-checks.ts";
import { seedDigestReaders } from "./support/digest-readers.ts";
import { type DigestRig, FAULT_RUN, startFaultRig, summaryCalls } from "./support/digest-rig.ts";
import type { MailerReplicaConfig } from "./support/mailer-replica.ts";
import { startReplicaProcess } from "./support/replica-process.ts";
import { type SilentServer, startSilentServer } from "./support/silent-server.ts";

const replicaEntry = fileURLToPath(new URL("./support/mailer-replica.ts", import.meta.url));

/** The doomed mailer's lease on its messages: after it dies, the other takes them over this late. */
const REPLICA_LEASE_MS = 2_000;

describe("the weekly digest when a mailer is killed mid-send", () => {
  let rig: DigestRig;
  let relay: SilentServer;
  let mailer: Database<Record<string, never>>;
  let replica: ChildProcess | undefined;

  beforeAll(async () => {
    rig = await startFaultRig();
    relay = await startSilentServer();
    const schema = rig.stack.databases.mailer;
    if (!schema) throw new Error("a real stack has a mailer schema");
    mailer = createDatabase({ ...schema, poolSize: 1 });
  }, 60_000);

  afterAll(async () => {
    replica?.kill("SIGKILL");
    await mailer?.close();
    await relay?.close();
    await rig?.stop();
  });

  it("has the mailer that lives send what the dead one held, each message once", async () => {
    const readers = await seedDigestReaders(rig.stack, rig.summaries, FAULT_RUN.readers);

    // A second mailer joins: it takes its share of newsletter.composed and leases messages like the
    // first, but its SMTP relay never answers, so whatever it leases it holds mid-send.
    const joining = rig.stack.mailerReplica;
    if (!joining) throw new Error("a real stack can take a replica");
    const config: MailerReplicaConfig = {
      settings: { ...joining.settings, smtpUrl: relay.url },
      bus: joining.bus,
      dispatcher: { leaseMs: REPLICA_LEASE_MS, pollMs: 100 },
    };
    replica = await startReplicaProcess(replicaEntry, config);
    await rig.announceMonday();

    // Killed while it is connected to its relay, holding leased digests (its leases are the ones
    // of seconds; the living mailer's last ten minutes).
    const held = await eventually(async () => {
      const rows = await sql<{ message_id: string }>`
        select message_id from messages
        where status = 'sending' and lease_until < now() + interval '1 minute'`.execute(mailer.db);
      return relay.openConnections > 0 && rows.rows.length > 0
        ? rows.rows.map((row) => row.message_id)
        : undefined;
    }, 30_000);
    replica.kill("SIGKILL");
    expect(digestMails(rig.smtp).length).toBeLessThan(readers.eligible.length);

    await expectEachEligibleMailedOnce(rig.stack, rig.smtp, readers, rig.summaries);
    for (const messageId of held) {
      expect(digestMails(rig.smtp).filter((mail) => mail.messageId === messageId)).toHaveLength(1);
    }
    expect(summaryCalls(rig.llm)).toBe(readers.newVideos);
  }, 150_000);
});
