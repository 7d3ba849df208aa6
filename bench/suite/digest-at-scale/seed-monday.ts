import type { EventBus } from "@tubedigest/bus";
import { testInfra } from "@tubedigest/testing/test-infra";
import type pg from "pg";
import type { BenchChild } from "../../support/child-process.ts";
import type { OutsideWorld } from "./outside-world.ts";
import { readModelCounts } from "./pipeline-state.ts";
import type { Scenario } from "./scenario.ts";
import { seedCatalog } from "./seed-catalog.ts";
import { billingHistoryOf, publishAll, signUps } from "./seed-events.ts";
import { seedSummariserFollows } from "./seed-summariser-follows.ts";
import type { SinkLedger } from "./sink-ledger.ts";
import {
  type RunInfra,
  startCatalog,
  startMailer,
  startSmtpSink,
  startSummariser,
} from "./start-services.ts";
import { unsubscribeThroughMailer } from "./unsubscribe-through-mailer.ts";
import { waitUntil } from "./wait-until.ts";

export interface MondayMorning {
  sink: BenchChild;
  catalog: BenchChild;
  summariser: BenchChild;
  mailer: BenchChild;
  /** Seconds from the first process started to the read models caught up. */
  seconds: number;
  /** Seconds from that start to the end of each step, in order. */
  steps: [step: string, seconds: number][];
}

const READ_MODELS_TIMEOUT_MS = 4 * 60_000;
const PLAN_EVENTS = ["subscription.activated", "subscription.expired", "trial.ended"];

/**
 * The services running and their stores as they stand on Monday morning: catalog's channels, videos and
 * follows; the summariser's follows; then billing's history, the sign-ups and the unsubscriptions through
 * the bus, until every read model has taken them in. The mailer starts after billing's history is
 * published, so it mails no welcomes or receipts of weeks gone by, but before the sign-ups, which tell it
 * where to write. Each process started is handed to `started` at once, so a failure still stops it.
 */
export async function seedMonday(options: {
  infra: RunInfra;
  world: OutsideWorld;
  scenario: Scenario;
  bus: EventBus;
  pool: pg.Pool;
  settings: { llmConcurrency: number; digestConcurrency: number };
  ledger: SinkLedger;
  started: (child: BenchChild) => void;
}): Promise<MondayMorning> {
  const { infra, world, scenario, bus, pool, started } = options;
  const startedAt = Date.now();
  const steps: MondayMorning["steps"] = [];
  const done = (step: string) => steps.push([step, (Date.now() - startedAt) / 1000]);
  const database = (schema: string) => ({ url: testInfra.postgresUrl, schema });
  const keep = (child: BenchChild) => {
    started(child);
    return child;
  };
  const [sink, catalog] = await Promise.all([
    startSmtpSink(infra, (line) => options.ledger.take(line)).then(keep),
    startCatalog(infra, world).then(keep),
  ]);
  done("the SMTP sink and catalog started");
  const history = billingHistoryOf(scenario);
  const [summariser] = await Promise.all([
    (async () => {
      const summariser = keep(
        await startSummariser(infra, world, {
          catalogUrl: `http://127.0.0.1:${catalog.port}`,
          ...options.settings,
        }),
      );
      done("the summariser started");
      await seedSummariserFollows(database(infra.schemas.summariser), scenario);
      await publishAll(bus, history);
      return summariser;
    })(),
    seedCatalog(database(infra.schemas.catalog), scenario),
  ]);
  done("catalog's tables and the summariser's follows written, billing's events published");
  const mailer = keep(await startMailer(infra, `smtp://127.0.0.1:${sink.port}`));
  done("the mailer started");
  const registrations = signUps(scenario);
  await publishAll(bus, registrations);
  done("the sign-ups published");

  const describe = (counts: object) => JSON.stringify(counts);
  const planEvents = history.filter((event) => PLAN_EVENTS.includes(event.name)).length;
  await waitUntil(
    "the read models to take the seeded events",
    () => readModelCounts(pool, infra.schemas),
    (counts) =>
      counts.summariserInbox >= history.length + registrations.length &&
      counts.mailerRecipients >= scenario.users.length &&
      counts.catalogInbox >= planEvents,
    { timeoutMs: READ_MODELS_TIMEOUT_MS, everyMs: 1_000, describe },
  );
  done("every read model caught up");
  const unsubscribing = scenario.users
    .filter((user) => user.kind === "unsubscribed")
    .map((user) => user.userId);
  await unsubscribeThroughMailer(mailer.port, infra.identitySecret, unsubscribing);
  await waitUntil(
    "the summariser to hear of the unsubscriptions",
    () => readModelCounts(pool, infra.schemas),
    (counts) => counts.unsubscribed >= unsubscribing.length,
    { timeoutMs: 60_000, describe },
  );
  done("the unsubscriptions made and heard");
  return { sink, catalog, summariser, mailer, seconds: (Date.now() - startedAt) / 1000, steps };
}
