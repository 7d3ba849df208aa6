import Fastify, { type FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { DEFAULT_CLIENT_TIMEOUTS, serverOptions } from "./client-connections.ts";
import { handleError, handleNotFound } from "./error-handler.ts";
import { refuseHostlessAndClosingRequests } from "./server-refusals.ts";

/**
 * Where `/metrics` is answered: on the app's own port (a service only the network reaches), or only on a
 * listener of its own started with `listenForMetrics` (the gateway, whose port the internet reaches).
 */
export type MetricsExposure = "app" | "apart";

const servedApart = new WeakMap<FastifyInstance, { exposed: ServiceMetrics; listener?: FastifyInstance }>();
const registries = new WeakMap<FastifyInstance, Registry>();

/**
 * The process's own metrics (CPU, memory, event-loop delay, garbage collections), collected once per
 * process whatever number of services it runs, and only from the first scrape on. Collecting them keeps
 * an event-loop delay monitor waking the process every 10 ms for as long as it lives: started with each
 * app, the embedded product's seven services kept seven (700 wake-ups a second, about a third of a percent
 * of a core spent idle), and even one is 100 wake-ups a second of a product nobody scrapes (`make start`
 * without METRICS_PORT). A scraper asks within seconds of start and is served the same from its second
 * scrape on; the first has no event-loop delay samples yet, like any scrape within 10 ms of the one before
 * (prom-client empties the delay histogram at each).
 *
 * Each call gives a collection of its own, started when first asked for; the process keeps one,
 * `processMetrics`, which every app in it shares.
 */
export function lazyProcessMetrics(): () => Registry {
  let registry: Registry | undefined;
  return () => {
    if (!registry) {
      registry = new Registry();
      collectDefaultMetrics({ register: registry });
    }
    return registry;
  };
}

const processMetrics = lazyProcessMetrics();

/** A service's `/metrics`: the process's metrics and the service's own, all under its `service` label. */
interface ServiceMetrics {
  contentType: string;
  metrics(): Promise<string>;
}

function serviceMetrics(registry: Registry, service: string): ServiceMetrics {
  return {
    contentType: registry.contentType,
    // Merged at each scrape, so a counter a service adds after start-up is served too.
    metrics: () => {
      const merged = Registry.merge([processMetrics(), registry]);
      merged.setDefaultLabels({ service });
      return merged.metrics();
    },
  };
}

/** Prometheus metrics: process metrics plus a latency histogram per route and status. */
export function registerMetrics(app: FastifyInstance, service: string, exposure: MetricsExposure): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  registries.set(app, registry);
  const exposed = serviceMetrics(registry, service);
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (exposure === "app") {
    app.get("/metrics", { logLevel: "warn" }, async (_request, reply) => {
      return reply.type(exposed.contentType).send(await exposed.metrics());
    });
    return;
  }
  // A plain 404, not whatever else the app falls back to (the gateway's web page), so a scraper pointed
  // at the public port fails plainly.
  app.get("/metrics", { logLevel: "warn" }, handleNotFound);
  const apart: { exposed: ServiceMetrics; listener?: FastifyInstance } = { exposed };
  servedApart.set(app, apart);
  app.addHook("onClose", async () => {
    await apart.listener?.close();
  });
}

/**
 * Serves `/metrics` of an app made with `metrics: "apart"` on an address of its own, and nothing else
 * there. It closes with the app. Returns the listener's URL.
 */
export async function listenForMetrics(app: FastifyInstance, address: { port: number; host: string }) {
  const apart = servedApart.get(app);
  if (!apart) throw new Error('listenForMetrics needs an app made with metrics: "apart"');
  // The services' own timeouts and `{ message }` refusals: this port is for scrapers, not slow clients.
  const listener = Fastify(serverOptions(DEFAULT_CLIENT_TIMEOUTS));
  listener.setErrorHandler(handleError);
  listener.setNotFoundHandler(handleNotFound);
  refuseHostlessAndClosingRequests(listener);
  listener.get("/metrics", async (_request, reply) => {
    return reply.type(apart.exposed.contentType).send(await apart.exposed.metrics());
  });
  apart.listener = listener;
  return listener.listen(address);
}

function registryOf(app: FastifyInstance, helper: string): Registry {
  const registry = registries.get(app);
  if (!registry) throw new Error(`${helper} needs an app made with createServiceApp`);
  return registry;
}

/**
 * A counter of the service's own (digests sent, model calls) on the app's registry, so it is served on
 * the same `/metrics` with the same `service` label as the process's and the routes' metrics.
 */
export function addCounter<Label extends string = never>(
  app: FastifyInstance,
  config: { name: string; help: string; labelNames?: readonly Label[] },
): Counter<Label> {
  const registry = registryOf(app, "addCounter");
  return new Counter({ ...config, labelNames: config.labelNames ?? [], registers: [registry] });
}

/** A histogram of the service's own (how long a step takes), on the app's registry as `addCounter`'s. */
export function addHistogram<Label extends string = never>(
  app: FastifyInstance,
  config: { name: string; help: string; buckets: number[]; labelNames?: readonly Label[] },
): Histogram<Label> {
  const registry = registryOf(app, "addHistogram");
  return new Histogram({ ...config, labelNames: config.labelNames ?? [], registers: [registry] });
}

/**
 * A gauge of the service's own, on the app's registry as `addCounter`'s. `collect` runs at each scrape,
 * before the gauge is read, for a value only worth knowing then (a backlog, a queue's depth).
 */
export function addGauge<Label extends string = never>(
  app: FastifyInstance,
  config: {
    name: string;
    help: string;
    labelNames?: readonly Label[];
    collect?: (gauge: Gauge<Label>) => Promise<void>;
  },
): Gauge<Label> {
  const registry = registryOf(app, "addGauge");
  const { collect, ...rest } = config;
  return new Gauge({
    ...rest,
    labelNames: config.labelNames ?? [],
    registers: [registry],
    ...(collect
      ? {
          collect: function (this: Gauge<Label>) {
            return collect(this);
          },
        }
      : {}),
  });
}
