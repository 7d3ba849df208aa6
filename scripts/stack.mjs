#!/usr/bin/env node
// `make stack`: every service as its own process against the real Postgres, Redis and RabbitMQ (the
// local ones unless DATABASE_URL / REDIS_URL / RABBITMQ_URL say otherwise), as compose and Kubernetes
// run them. Run with `node --import tsx`, so it shares the product's description of its processes, the
// configuration checks and the locally made secrets of `make start`.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadConfigOrExit } from "@tubedigest/config";
import { localSecrets } from "../services/standalone/src/local-secrets.ts";
import { productProcesses, StackEnvironment } from "../services/standalone/src/product-processes.ts";

/** Each service's built entry, as its image runs it: a service the product gains starts here once named. */
const ENTRIES = {
  auth: "services/auth/dist/main.js",
  catalog: "services/catalog/dist/main.js",
  billing: "services/billing/dist/main.js",
  summariser: "services/summariser/dist/main.js",
  mailer: "services/mailer/dist/main.js",
  scheduler: "services/scheduler/dist/main.js",
  gateway: "services/gateway/dist/main.js",
};

// Which services, in which order, on which ports, each with which variables: `productProcesses` says.
const stack = loadConfigOrExit(StackEnvironment);
mkdirSync(stack.DATA_DIR, { recursive: true, mode: 0o700 });
const services = productProcesses(stack, localSecrets(stack.DATA_DIR));
const unnamed = services.filter(({ name }) => !(name in ENTRIES)).map(({ name }) => name);
if (unnamed.length > 0) {
  console.error(`make stack: no entry for ${unnamed.join(", ")} in scripts/stack.mjs`);
  process.exit(1);
}

const children = services.map(({ name, env: own }) => {
  const child = spawn(process.execPath, ["--enable-source-maps", ENTRIES[name]], {
    // Each service gets the caller's environment (LOG_LEVEL, YOUTUBE_*, SIGN_IN_RATE_LIMIT, ...) with the
    // stack's choices on top. DATABASE_SCHEMA is left out: one value would put every service in one schema.
    env: { ...process.env, DATABASE_SCHEMA: undefined, ...own },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        process.stdout.write(`${name.padEnd(10)}| ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    process.stdout.write(`${name.padEnd(10)}| exited with ${code ?? signal}\n`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // Kept for when the last child is gone, so a service that failed to start fails `make stack` too.
  process.exitCode = code;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 11_000).unref();
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
