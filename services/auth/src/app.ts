import cookie from "@fastify/cookie";
import { createDatabase, migrateToLatest } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { AuthSettings } from "./config.ts";
import { createPasswordHasher } from "./domain/password-hasher.ts";
import { registerAccountRoutes } from "./routes/account-routes.ts";
import { registerSignInRoutes } from "./routes/sign-in-routes.ts";
import type { AuthDatabase } from "./store/database.ts";
import { migrations } from "./store/migrations/index.ts";

/** Builds the auth service: migrates its schema, then answers `/api/auth/*` and `/api/user/profile`. */
export async function buildAuthApp(settings: AuthSettings): Promise<ServiceApp> {
  const database = createDatabase<AuthDatabase>(settings.database);
  await migrateToLatest(database.db, database.schema, migrations);
  const app = createServiceApp({
    name: "auth",
    logLevel: settings.logLevel,
    readiness: { database: database.ping },
  });
  app.addHook("onClose", () => database.close());
  await app.register(cookie, { secret: settings.claimSecret });
  const context = { db: database.db, hasher: createPasswordHasher() };
  registerSignInRoutes(app, context, { secure: settings.secureCookies });
  registerAccountRoutes(app, context);
  return app;
}
