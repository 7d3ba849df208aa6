import path from "node:path";
import {
  busMigrations,
  type EventBus,
  measureEventBus,
  openServiceStore,
  type RecordEvent,
  writeToOutbox,
} from "@tubedigest/bus";
import type { EmbeddedPostgres, Migrations } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import { createFileTransport } from "./adapters/mail-transport/file-transport.ts";
import type { MailTransport } from "./adapters/mail-transport/mail-transport.ts";
import { createSmtpTransport } from "./adapters/mail-transport/smtp-transport.ts";
import type { MailerSettings } from "./config.ts";
import { announceSentNewsletters } from "./domain/announce-sent-newsletters.ts";
import { type Dispatcher, startDispatcher } from "./domain/dispatcher.ts";
import { forgetDeletedAccountMail } from "./domain/forget-deleted-account-mail.ts";
import type { MailerContext, SiteLinks } from "./domain/mailer-context.ts";
import { reviewBeforeSending } from "./domain/review-before-sending.ts";
import { unsubscribeKeyFrom } from "./domain/unsubscribe-token.ts";
import { mailerSubscriptions } from "./events/subscriptions.ts";
import { prometheusMetrics } from "./metrics/prometheus-metrics.ts";
import { registerAbandonmentRoutes } from "./routes/abandonment-routes.ts";
import { registerComplaintRoutes } from "./routes/complaint-routes.ts";
import { registerEmailDeliveryRoutes } from "./routes/email-delivery-routes.ts";
import { FEEDS_PATH, registerFeedRoutes } from "./routes/feed-routes.ts";
import { registerInternalRoutes } from "./routes/internal-routes.ts";
import { registerMailboxRoutes } from "./routes/mailbox-routes.ts";
import { registerUnsubscribeRoutes, UNSUBSCRIBE_PATH } from "./routes/unsubscribe-routes.ts";
import { senderDomain } from "./settings/sender-domain.ts";
import type { MailerDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";
import { compileMjml } from "./templates/compile-mjml.ts";
import { compileTemplates } from "./templates/compile-templates.ts";
import { TEMPLATE_SOURCES } from "./templates/sources/index.ts";

/** Everything the mailer's schema is made of: its own migrations and the bus's outbox and inbox. */
export const mailerMigrations: Migrations = { ...busMigrations, ...migrations };

/** What the mailer is handed rather than building: logger, bus, shared database, and test seams. */
export interface MailerDependencies {
  log: Logger;
  events: EventBus;
  embeddedDatabase?: EmbeddedPostgres;
  /** The clock; tests move it past the abandonment e-mail's 7 days. */
  now?: () => Date;
  /** Tests shorten the dispatcher's waits, and its lease to see a dead dispatcher's messages taken over. */
  dispatcher?: { pollMs?: number; retryDelaysMs?: readonly number[]; leaseMs?: number };
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
}

export interface MailerApp extends ServiceApp {
  /** Sends everything due now and resolves when nothing is left, for tests and the dev tools. */
  deliverDue(): Promise<void>;
}

/** The site's pages an e-mail links to, under `publicUrl`. */
export function siteLinks(publicUrl: string): SiteLinks {
  const at = (page: string) => new URL(page, publicUrl).toString();
  return {
    preview: (channelId) => at(channelId ? `/preview?channel=${encodeURIComponent(channelId)}` : "/preview"),
    dashboard: at("/dashboard"),
    settings: at("/settings"),
    subscriptionSettings: at("/settings?tab=subscription"),
    subscribe: at("/subscribe"),
    newsletter: (id, token) =>
      at(`/newsletters/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`),
    signInLink: (token) => at(`/sign-in/link?token=${encodeURIComponent(token)}`),
    passwordReset: (token) => at(`/reset-password?token=${encodeURIComponent(token)}`),
    signInLinkRequest: at("/sign-in-link"),
    confirmEmail: (token) => at(`/confirm-email?token=${encodeURIComponent(token)}`),
    privacy: at("/privacy"),
    unsubscribe: (token) => at(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`),
    feed: (token) => at(`${FEEDS_PATH}/${encodeURIComponent(token)}`),
    newsletters: at("/dashboard?tab=newsletters"),
  };
}

/**
 * Builds the mailer: templates compiled once, messages queued by natural key (never twice) and sent by
 * a dispatcher with retries and suppression, the mail the product's events call for, the abandonment
 * e-mail, one-click unsubscribe, and in development a mailbox of everything sent.
 */
export async function buildMailerApp(
  settings: MailerSettings,
  dependencies: MailerDependencies,
): Promise<MailerApp> {
  const store = await openServiceStore<MailerDatabase>({
    database: settings.database,
    embedded: dependencies.embeddedDatabase,
    migrations: mailerMigrations,
    events: dependencies.events,
    log: dependencies.log,
  });
  const database = store.database;
  const mailDir = path.resolve(settings.mailDir);
  const transport: MailTransport = settings.smtpUrl
    ? createSmtpTransport({ url: settings.smtpUrl, tls: settings.smtpTls, dkim: settings.dkim })
    : createFileTransport({ folder: mailDir });
  const app = createServiceApp({
    name: "mailer",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    identitySecret: settings.identitySecret,
    previousIdentitySecret: settings.previousIdentitySecret,
    readiness: {
      essential: store.readiness.essential,
      // Messages wait in the database while the SMTP server or the broker is away.
      degradable: { ...store.readiness.degradable, smtp: () => transport.verify() },
    },
  });
  measureEventBus(app, { service: "mailer", events: dependencies.events, db: store.database.db });
  app.log.info({ transport: transport.name }, "mailer adapters chosen");
  const metrics = prometheusMetrics(app);
  const templates = await compileTemplates(settings.site, TEMPLATE_SOURCES, (sources) => {
    metrics.templatesCompiled(sources.length);
    return compileMjml(sources);
  });
  const now = dependencies.now ?? (() => new Date());
  const recordEvent: RecordEvent<MailerDatabase> = writeToOutbox;
  const context: MailerContext = {
    db: database.db,
    templates,
    links: siteLinks(settings.publicUrl),
    unsubscribeKey: unsubscribeKeyFrom(settings.identitySecret),
    unsubscribeMailto: settings.unsubscribeMailto,
    // The signing domain, which the From is aligned with; unsigned, the From's own.
    mailDomain: settings.dkim?.domainName ?? senderDomain(settings.from) ?? "tubedigest.localhost",
    recordEvent,
    wakeDispatcher: () => dispatcher.wake(),
    log: app.log,
    now,
    metrics,
    landingWelcomeDelayMs: settings.landingWelcomeDelayMs,
  };
  const dispatcher: Dispatcher = startDispatcher({
    db: database.db,
    transport,
    from: settings.from,
    log: app.log,
    now,
    onSent: (trx, sent) => announceSentNewsletters(writeToOutbox, trx, sent),
    counts: metrics,
    onFinished: forgetDeletedAccountMail,
    review: (message) => reviewBeforeSending(context, message),
    // Queuing a message wakes the dispatcher; its own look at the queue is the store's safety net.
    pollMs: store.safetyNetMs,
    ...dependencies.dispatcher,
  });
  registerAbandonmentRoutes(app, context);
  registerUnsubscribeRoutes(app, context);
  registerInternalRoutes(app, context);
  if (settings.complaintsSecret) registerComplaintRoutes(app, context, settings.complaintsSecret);
  registerFeedRoutes(app, context);
  registerEmailDeliveryRoutes(app, context);
  if (settings.devMailbox && !settings.smtpUrl) registerMailboxRoutes(app, mailDir);
  await dependencies.events.subscribe(mailerSubscriptions(context));
  app.addHook("onClose", async () => {
    await dispatcher.stop();
    await transport.close();
    await store.close();
  });
  return Object.assign(app, { deliverDue: () => dispatcher.drain() });
}
