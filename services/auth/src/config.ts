import Type, { type Static } from "typebox";

/** Auth's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const AuthEnvironment = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 4001 }),
  HOST: Type.String({ default: "0.0.0.0" }),
  LOG_LEVEL: Type.String({ default: "info" }),
  APP_ENV: Type.Union([Type.Literal("development"), Type.Literal("production")], { default: "production" }),
  DATABASE_URL: Type.String({ minLength: 1 }),
  DATABASE_SCHEMA: Type.String({ pattern: "^[a-z_][a-z0-9_]*$", default: "auth" }),
  RABBITMQ_URL: Type.String({ pattern: "^amqps?://" }),
  /** Signs the claim cookie of password-less accounts. */
  CLAIM_SECRET: Type.String({ minLength: 32 }),
  /** The gateway's secret for the caller header: a caller is believed only with its proof. */
  IDENTITY_SECRET: Type.String({ minLength: 32 }),
});

/** What the auth service needs, however it was configured (its own process or the embedded product). */
export interface AuthSettings {
  secureCookies: boolean;
  claimSecret: string;
  identitySecret: string;
  database: { url?: string | undefined; dataDir?: string | undefined; schema: string };
}

export function authSettingsFrom(env: Static<typeof AuthEnvironment>): AuthSettings {
  return {
    secureCookies: env.APP_ENV !== "development",
    claimSecret: env.CLAIM_SECRET,
    identitySecret: env.IDENTITY_SECRET,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA },
  };
}
