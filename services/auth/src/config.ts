import type { ServiceDatabaseSettings } from "@tubedigest/bus";
import {
  AppEnv,
  Host,
  LogLevel,
  MigrationVariables,
  migrationSettingFrom,
  Port,
  SchemaName,
  TracingVariables,
  Url,
} from "@tubedigest/config";
import { PreviousIdentitySecret } from "@tubedigest/http/identity-environment";
import Type, { type Static } from "typebox";

/** Auth's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const AuthEnvironment = Type.Object({
  PORT: Port({ default: 4001, description: "Where auth listens" }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  ...TracingVariables,
  APP_ENV: AppEnv("production", { description: "`production` marks the claim cookie `Secure`" }),
  DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
  DATABASE_SCHEMA: SchemaName("auth"),
  ...MigrationVariables,
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    description: "Where auth publishes `user.registered` and `user.updated`",
  }),
  CLAIM_SECRET: Type.String({
    minLength: 32,
    description: "Signs the claim cookie of password-less accounts",
  }),
  IDENTITY_SECRET: Type.String({
    minLength: 32,
    description: "The gateway's: a caller header counts only with its proof",
  }),
  ...PreviousIdentitySecret,
});

/** What the auth service needs, however it was configured (its own process or the embedded product). */
export interface AuthSettings {
  secureCookies: boolean;
  claimSecret: string;
  identitySecret: string;
  /** While IDENTITY_SECRET is being rotated: the one before it, whose proofs still count. */
  previousIdentitySecret?: string | undefined;
  database: ServiceDatabaseSettings;
}

export function authSettingsFrom(env: Static<typeof AuthEnvironment>): AuthSettings {
  return {
    secureCookies: env.APP_ENV !== "development",
    claimSecret: env.CLAIM_SECRET,
    identitySecret: env.IDENTITY_SECRET,
    previousIdentitySecret: env.IDENTITY_SECRET_PREVIOUS,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migration: migrationSettingFrom(env) },
  };
}
