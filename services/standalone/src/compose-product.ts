import { type AuthDependencies, type AuthSettings, buildAuthApp } from "@tubedigest/auth";
import { type BillingSettings, buildBillingApp } from "@tubedigest/billing";
import type { EventBus } from "@tubedigest/bus";
import { buildCatalogApp, type CatalogDependencies, type CatalogSettings } from "@tubedigest/catalog";
import type { EmbeddedPostgres } from "@tubedigest/db";
import { buildGatewayApp, type GatewaySettings } from "@tubedigest/gateway";
import type { ServiceApp } from "@tubedigest/http";
import type { Scheduler } from "@tubedigest/jobs";
import {
  buildMailerApp,
  type MailerApp,
  type MailerDependencies,
  type MailerSettings,
} from "@tubedigest/mailer";
import { buildSchedulerApp, type SchedulerSettings } from "@tubedigest/scheduler";
import {
  buildSummariserApp,
  type SummariserDependencies,
  type SummariserSettings,
} from "@tubedigest/summariser";
import type { Logger } from "pino";

/**
 * The product's services in the order they start, in one process or one process each: each after the
 * services it calls, the scheduler after every consumer of its slots, and the gateway, which fronts the
 * others, last. They stop in the reverse order.
 */
export const PRODUCT_SERVICES = [
  "auth",
  "catalog",
  "billing",
  "summariser",
  "mailer",
  "scheduler",
  "gateway",
] as const;
export type ProductService = (typeof PRODUCT_SERVICES)[number];

/** The services the gateway fronts, each reached at its own loopback address. */
export type FrontedService = keyof GatewaySettings["upstreams"];

/** What every service of one product shares: the bus, the embedded database when there is one, the logs. */
export interface ProductParts {
  events: EventBus;
  /** One PGlite for every service, each in its own schema; each service's settings name its database otherwise. */
  embeddedDatabase?: EmbeddedPostgres | undefined;
  log(service: string): Logger;
  /** Each service answers only at localhost, 127.0.0.1 or [::1] (development: see `loopbackOnly` of libs/http). */
  loopbackOnly?: boolean | undefined;
}

/** Each service's own settings; the addresses of the services it calls are the composition's to fill in. */
export interface ProductSettings {
  auth: AuthSettings;
  catalog: CatalogSettings;
  billing: Omit<BillingSettings, "catalogUrl">;
  summariser: Omit<SummariserSettings, "catalogUrl" | "billingUrl">;
  mailer: MailerSettings;
  /** The schedules and what fires them; without them no slot fires (the test stack's tests deliver by hand). */
  scheduler?: { settings: SchedulerSettings; runner: Scheduler } | undefined;
  gateway: Omit<GatewaySettings, "upstreams">;
}

/** What the test stack changes in the wiring: its clocks, shorter waits, probes in place of services. */
export interface CompositionOptions {
  dependencies?: {
    auth?: Pick<AuthDependencies, "now">;
    catalog?: Pick<CatalogDependencies, "now">;
    summariser?: Pick<SummariserDependencies, "followsWaitMs" | "leases" | "devClock">;
    mailer?: Pick<MailerDependencies, "now">;
  };
  /** Where the summariser reaches catalog, given catalog's address (a slow proxy in front of it). */
  catalogForSummariser?(catalogUrl: string): Promise<string>;
  /** Where the gateway sends a service's paths instead of the service's own address. */
  upstreams?: Partial<Record<FrontedService, string>>;
  /** The gateway's `/readyz` answers for the whole product: each service's, the shared database and bus. */
  wholeProductReadiness?: boolean;
}

export interface ComposedProduct {
  /** Built, not listening: the caller picks its port (or only injects requests). */
  gateway: ServiceApp;
  mailer: MailerApp;
  /** Where each service listens on 127.0.0.1; the scheduler's only when it runs. */
  urls: Record<FrontedService, string> & { scheduler?: string };
  /** The gateway, the schedules, the bus's consumers, then the services: each before what it calls. */
  stop(): Promise<void>;
}

/** A service's `/readyz`, asked over its loopback port as the gateway reaches it. */
const answersReady = (url: string) => async () =>
  (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok;

/**
 * The product composed in one process: every service built on the parts given, each listening on a port
 * of its own on 127.0.0.1 and reached over HTTP exactly as when they run apart, in the order of
 * `PRODUCT_SERVICES`. `make start`, the gateway's test stack and the benches that run the product in
 * process all use it; `productProcesses` is the same product as one process per service. A failure
 * part-way closes what was built, then throws.
 */
export async function composeProduct(
  parts: ProductParts,
  settings: ProductSettings,
  options: CompositionOptions = {},
): Promise<ComposedProduct> {
  const { events, embeddedDatabase, loopbackOnly } = parts;
  const common = (service: string) => ({ log: parts.log(service), events, embeddedDatabase, loopbackOnly });
  const services: ServiceApp[] = [];
  // The caller made it, so it is closed even when the product fails before the scheduler is built.
  const schedules = settings.scheduler?.runner;
  let gateway: ServiceApp | undefined;
  const listening = async (app: ServiceApp) => {
    services.push(app);
    return app.listen({ port: 0, host: "127.0.0.1" });
  };
  async function stop() {
    // The entry closes first so nothing new arrives while the services finish what they have.
    await gateway?.close();
    // No slot fires onto a closing bus.
    await schedules?.close();
    // Consumers stop before the services, so no handler starts against a closing database.
    await events.close();
    await Promise.all(services.map((service) => service.close()));
  }

  try {
    const auth = await listening(
      await buildAuthApp(settings.auth, { ...common("auth"), ...options.dependencies?.auth }),
    );
    const catalog = await listening(
      await buildCatalogApp(settings.catalog, { ...common("catalog"), ...options.dependencies?.catalog }),
    );
    const billing = await listening(
      await buildBillingApp({ ...settings.billing, catalogUrl: catalog }, common("billing")),
    );
    const summariser = await listening(
      await buildSummariserApp(
        {
          ...settings.summariser,
          catalogUrl: (await options.catalogForSummariser?.(catalog)) ?? catalog,
          billingUrl: billing,
        },
        { ...common("summariser"), ...options.dependencies?.summariser },
      ),
    );
    const mailerApp = await buildMailerApp(settings.mailer, {
      ...common("mailer"),
      ...options.dependencies?.mailer,
    });
    const mailer = await listening(mailerApp);
    let scheduler: string | undefined;
    if (settings.scheduler) {
      const { settings: own, runner } = settings.scheduler;
      scheduler = await listening(
        await buildSchedulerApp(own, { ...common("scheduler"), scheduler: runner }),
      );
    }
    const urls = { auth, catalog, billing, summariser, mailer };
    gateway = await buildGatewayApp(
      { ...settings.gateway, upstreams: { ...urls, ...options.upstreams } },
      {
        log: parts.log("gateway"),
        ...(options.wholeProductReadiness ? { readiness: wholeProduct(parts, urls, scheduler) } : {}),
      },
    );
    return { gateway, mailer: mailerApp, urls: { ...urls, ...(scheduler ? { scheduler } : {}) }, stop };
  } catch (error) {
    // What failed is what to report; closing what had opened is best effort.
    await stop().catch(() => undefined);
    throw error;
  }
}

/** The product's one probe: the services the gateway fronts (each asks its database) and the shared parts. */
function wholeProduct(parts: ProductParts, urls: Record<FrontedService, string>, scheduler?: string) {
  const shared = parts.embeddedDatabase;
  return {
    essential: {
      ...Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, answersReady(url)])),
      ...(shared ? { database: () => shared.ping() } : {}),
    },
    // Nothing the gateway serves waits on the scheduler; while it cannot fire, digests are late.
    degradable: {
      events: async () => parts.events.isConnected(),
      ...(scheduler ? { scheduler: answersReady(scheduler) } : {}),
    },
  };
}
