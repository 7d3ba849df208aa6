import cookie from "@fastify/cookie";
import {
  busMigrations,
  type EventBus,
  measureEventBus,
  openServiceStore,
  writeToOutbox,
} from "@tubedigest/bus";
import type { EmbeddedPostgres, Migrations } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { Logger } from "pino";
import type { AuthSettings } from "./config.ts";
import type { AuthContext } from "./domain/auth-context.ts";
import { createPasswordHasher } from "./domain/password-hasher.ts";
import { registerAccountDeletionRoutes } from "./routes/account-deletion-routes.ts";
import { registerAccountRoutes } from "./routes/account-routes.ts";
import { registerClaimRoutes } from "./routes/claim-routes.ts";
import { registerDigestDeliveryRoutes } from "./routes/digest-delivery-routes.ts";
import { registerEmailChangeRoutes } from "./routes/email-change-routes.ts";
import { registerPasswordResetRoutes } from "./routes/password-reset-routes.ts";
import { registerPasswordRoutes } from "./routes/password-routes.ts";
import { registerSignInLinkRoutes } from "./routes/sign-in-link-routes.ts";
import { registerSignInRoutes } from "./routes/sign-in-routes.ts";
import type { AuthDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";

/** Everything auth's schema is made of: its own migrations and the bus's outbox and inbox. */
export const authMigrations: Migrations = { ...busMigrations, ...migrations };

/** What auth is handed rather than building: the process's logger, its event bus and shared database. */
export interface AuthDependencies {
  log: Logger;
  events: EventBus;
  /** The embedded product's one database, where auth keeps to its schema; settings say where otherwise. */
  embeddedDatabase?: EmbeddedPostgres;
  /** The clock claims and sign-in links expire by; tests move it. */
  now?: () => Date;
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
}

/**
 * Builds the auth service: migrates its schema, relays its outbox to the bus, and answers
 * `/api/auth/*`, the profile and the account's settings under `/api/user/` (password, address, digest
 * pause, deletion).
 */
export async function buildAuthApp(
  settings: AuthSettings,
  dependencies: AuthDependencies,
): Promise<ServiceApp> {
  const store = await openServiceStore<AuthDatabase>({
    database: settings.database,
    embedded: dependencies.embeddedDatabase,
    migrations: authMigrations,
    events: dependencies.events,
    log: dependencies.log,
  });
  const database = store.database;
  const app = createServiceApp({
    name: "auth",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    identitySecret: settings.identitySecret,
    previousIdentitySecret: settings.previousIdentitySecret,
    readiness: store.readiness,
  });
  measureEventBus(app, { service: "auth", events: dependencies.events, db: store.database.db });
  app.addHook("onClose", async () => {
    await store.close();
  });
  await app.register(cookie, { secret: settings.claimSecret });
  const context: AuthContext = {
    db: database.db,
    hasher: createPasswordHasher(),
    recordEvent: writeToOutbox,
    now: dependencies.now ?? (() => new Date()),
  };
  registerSignInRoutes(app, context, { secure: settings.secureCookies });
  registerSignInLinkRoutes(app, context);
  registerAccountRoutes(app, context);
  registerClaimRoutes(app, context);
  registerPasswordRoutes(app, context);
  registerPasswordResetRoutes(app, context);
  registerEmailChangeRoutes(app, context);
  registerDigestDeliveryRoutes(app, context);
  registerAccountDeletionRoutes(app, context);
  return app;
}
