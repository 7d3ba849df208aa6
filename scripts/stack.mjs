#!/usr/bin/env node
// `make stack`: every service as its own process against the real Postgres, Redis and RabbitMQ (the
// local ones unless DATABASE_URL / REDIS_URL / RABBITMQ_URL say otherwise), as compose and Kubernetes
// run them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

const env = process.env;
const secret = () => randomBytes(32).toString("hex");
const shared = { APP_ENV: env.APP_ENV ?? "development", LOG_LEVEL: env.LOG_LEVEL ?? "info" };
const databaseUrl = env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rabbitUrl = env.RABBITMQ_URL ?? "amqp://guest:guest@127.0.0.1:5672";
const authPort = env.AUTH_PORT ?? "4001";
const catalogPort = env.CATALOG_PORT ?? "4002";
const redisUrl = env.REDIS_URL ?? "redis://127.0.0.1:6379";
// One secret for the three: the gateway signs the caller header with it, auth and catalog check it.
const identitySecret = env.IDENTITY_SECRET ?? secret();
// Only the gateway's public port faces the network; everything else listens where only this host reaches.
const loopback = "127.0.0.1";

const services = [
  {
    name: "auth",
    env: {
      HOST: loopback,
      PORT: authPort,
      DATABASE_URL: databaseUrl,
      RABBITMQ_URL: rabbitUrl,
      CLAIM_SECRET: env.CLAIM_SECRET ?? secret(),
      IDENTITY_SECRET: identitySecret,
    },
  },
  {
    name: "catalog",
    env: {
      HOST: loopback,
      PORT: catalogPort,
      DATABASE_URL: databaseUrl,
      RABBITMQ_URL: rabbitUrl,
      REDIS_URL: redisUrl,
      IDENTITY_SECRET: identitySecret,
      ...(env.YOUTUBE_API_KEY ? { YOUTUBE_API_KEY: env.YOUTUBE_API_KEY } : {}),
    },
  },
  {
    name: "gateway",
    env: {
      PORT: env.PORT ?? "3000",
      METRICS_HOST: loopback,
      REDIS_URL: redisUrl,
      SESSION_SECRET: env.SESSION_SECRET ?? secret(),
      IDENTITY_SECRET: identitySecret,
      AUTH_URL: `http://127.0.0.1:${authPort}`,
      CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
      WEB_DIST: "web/dist",
    },
  },
];

const children = services.map(({ name, env: own }) => {
  const child = spawn(process.execPath, ["--enable-source-maps", `services/${name}/dist/main.js`], {
    env: { PATH: env.PATH, ...shared, ...own },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        process.stdout.write(`${name.padEnd(8)}| ${line}\n`);
    });
  }
  child.on("exit", (code) => {
    process.stdout.write(`${name.padEnd(8)}| exited with ${code}\n`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 11_000).unref();
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
