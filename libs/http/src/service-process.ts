import { ConfigError, loadConfigOrExit, TracingVariables, tracingSettingsFrom } from "@tubedigest/config";
import type { Logger } from "pino";
import Type, { type Static, type TObject } from "typebox";
import type { ServiceApp } from "./create-service-app.ts";
import { runUntilSignalled } from "./run-until-signalled.ts";
import { bufferedStdout, createServiceLogger } from "./service-logger.ts";
import { type StartupParts, startOrExit } from "./startup-failure.ts";
import { startTracing } from "./tracing/start-tracing.ts";

/** Where something listens. */
export interface ListenAddress {
  port: number;
  host: string;
}

/** What a service is handed to start with, by whoever runs it as a process. */
export interface ServiceProcessContext<Bus> {
  log: Logger;
  /** Joins the broker at this address: the product's exchange from `main.ts`, a run's own in the benches. */
  connect(url: string): Promise<Bus>;
  /** Where to listen when the environment says `address`: itself, or a free loopback port in the benches. */
  listenAt(address: ListenAddress): ListenAddress;
}

/** A service started, and how it stops: what feeds it first (schedules, the bus's consumers), then the app. */
export interface StartedService {
  app: ServiceApp;
  stop(): Promise<void>;
}

/**
 * A service as a process of its own, as compose, Kubernetes, `make stack` and the benches run it: the
 * environment it reads (its one TypeBox schema), the settings it makes of it, and how it starts.
 */
export interface ServiceProcess<Schema extends TObject, Settings, Bus> {
  /** Its name in logs and images: gateway, auth, catalog, billing, summariser, mailer, scheduler. */
  name: string;
  environment: Schema;
  /** Throws `ConfigError` for settings that contradict each other (a transcript step named without its key). */
  settingsFrom(env: Static<Schema>): Settings;
  /** What start-up names when it fails, besides HOST and PORT: the database it migrates, other listeners. */
  parts?(env: Static<Schema>): StartupParts;
  start(
    settings: Settings,
    env: Static<Schema>,
    context: ServiceProcessContext<Bus>,
  ): Promise<StartedService>;
  /** Its migrate step, for a service that keeps a schema; none for one without. */
  migrate?: MigrateStep;
}

/**
 * What `main.js migrate` runs (a Kubernetes Job, compose's `migrate-<service>`): the schema brought to
 * the latest migration, then the process ends. It reads only the database's variables, so what runs it
 * needs none of the service's other secrets.
 */
export interface MigrateStep<Schema extends TObject = TObject> {
  /** DATABASE_URL, DATABASE_SCHEMA and LOG_LEVEL, as the service reads them. */
  environment: Schema;
  /** Applies what is pending; the names applied, none when the schema was current. */
  run(env: Static<Schema>): Promise<string[]>;
}

/** The environment every service process reads, whatever its own variables (and `TracingVariables`). */
type ProcessVariables = {
  PORT: number;
  HOST: string;
  LOG_LEVEL: string;
} & Static<typeof TracingEnvironment>;

const TracingEnvironment = Type.Object(TracingVariables);

export interface ServiceProcessOptions<Bus> {
  /** How it joins the broker; none for a service without events (the gateway). */
  connect?(url: string, log: Logger): Promise<Bus>;
  /** Every listener on a free port of 127.0.0.1 instead of the one configured (the benches). */
  anyLoopbackPort?: boolean;
  /** Told where the app listens, once it does. */
  onListening?(url: string): void;
}

/**
 * Runs one service until SIGTERM: reads and checks its environment (a bad value is one line per variable),
 * starts it inside `startOrExit` so a missing part or a taken port is one plain line, listens on HOST and
 * PORT, and on the signal stops it in its own order. A crash is logged at fatal; however the process
 * ends, its buffered log is written out first. Every service's `main.ts` is this, with RabbitMQ.
 */
export async function runServiceProcess<Schema extends TObject, Settings, Bus>(
  service: ServiceProcess<Schema, Settings, Bus>,
  options: ServiceProcessOptions<Bus> = {},
): Promise<void> {
  if (process.argv[2] === "migrate") {
    await migrateOnly(service);
    return;
  }
  const env = loadConfigOrExit(service.environment);
  const { PORT, HOST, LOG_LEVEL } = env as Static<Schema> & ProcessVariables;
  const settings = settingsOrExit(service, env);
  const log = createServiceLogger(service.name, LOG_LEVEL, { destination: bufferedStdout() });
  // Before the service is built: its apps add their request spans only once tracing is on.
  const tracing = await startTracing(
    tracingSettingsFrom(env as Static<Schema> & ProcessVariables),
    service.name,
    log,
  );
  const own = service.parts?.(env) ?? {};
  const parts: StartupParts = {
    ...own,
    listeners: [{ host: HOST, port: PORT, variables: "HOST, PORT" }, ...(own.listeners ?? [])],
  };
  const listenAt = (address: ListenAddress) =>
    options.anyLoopbackPort ? { port: 0, host: "127.0.0.1" } : address;
  // From the first line logged, not only once started: a signal or a crash during start-up (a slow
  // migration, a broker that is not up yet) is logged and written out too, rather than ending the process
  // with the lines that explain it still buffered.
  let stopStarted = async () => {};
  // The spans of the stopping itself are sent too.
  runUntilSignalled(log, () => stopStarted().finally(() => tracing.shutdown()));
  await startOrExit(parts, async () => {
    const { app, stop } = await service.start(settings, env, {
      log,
      connect: (url) =>
        options.connect
          ? options.connect(url, log)
          : Promise.reject(new Error(`${service.name} was started without a broker`)),
      listenAt,
    });
    stopStarted = stop;
    const url = await app.listen(listenAt({ port: PORT, host: HOST }));
    options.onListening?.(url);
  });
}

/**
 * `main.js migrate`: the service's migrate step alone, then the process ends, 0 once the schema is
 * current, so a migration runs once per release and can be watched apart from the replicas' start-up.
 */
async function migrateOnly(service: Pick<ServiceProcess<TObject, unknown, unknown>, "name" | "migrate">) {
  if (!service.migrate) {
    console.error(`${service.name} keeps no schema: there is nothing to migrate`);
    process.exit(1);
  }
  const step = service.migrate;
  const env = loadConfigOrExit(step.environment) as Static<TObject> &
    Partial<StoreVariables & ProcessVariables>;
  // Unbuffered: the process ends as soon as the step does, and its lines are what an operator watches.
  const log = createServiceLogger(service.name, env.LOG_LEVEL);
  await startOrExit({ databaseUrl: env.DATABASE_URL }, async () => {
    const applied = await step.run(env);
    log.info(
      { applied },
      applied.length > 0 ? `Applied ${applied.length} migration(s)` : "The schema was already current",
    );
  });
}

/** Settings that contradict each other stop start-up as a bad value does: one line, no stack trace. */
function settingsOrExit<Schema extends TObject, Settings>(
  service: ServiceProcess<Schema, Settings, unknown>,
  env: Static<Schema>,
): Settings {
  try {
    return service.settingsFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The variables of a service that keeps a schema in Postgres and has events. */
interface StoreVariables {
  DATABASE_URL: string;
  RABBITMQ_URL: string;
}

/**
 * The process of a service that keeps a schema in Postgres (DATABASE_URL, named when unreachable) and
 * has events (RABBITMQ_URL): auth, catalog, billing, the summariser and the mailer. On SIGTERM its
 * consumers stop first, so no handler starts against a closing database, then the app.
 */
export function serviceWithStore<Schema extends TObject, Settings, Bus extends { close(): Promise<void> }>(
  service: Pick<ServiceProcess<Schema, Settings, Bus>, "name" | "environment" | "settingsFrom"> & {
    migrate: MigrateStep;
    build(settings: Settings, dependencies: { log: Logger; events: Bus }): Promise<ServiceApp>;
  },
): ServiceProcess<Schema, Settings, Bus> {
  const variables = (env: Static<Schema>) => env as Static<Schema> & StoreVariables;
  return {
    ...service,
    parts: (env) => ({ databaseUrl: variables(env).DATABASE_URL }),
    async start(settings, env, { log, connect }) {
      const events = await connect(variables(env).RABBITMQ_URL);
      const app = await service.build(settings, { log, events });
      return {
        app,
        async stop() {
          await events.close();
          await app.close();
        },
      };
    },
  };
}
