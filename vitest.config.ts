import { defineConfig } from "vitest/config";
import ProjectsInTurn from "./tests/support/projects-in-turn.ts";

// Three projects, run together by `make test`: unit tests sit beside the code (src/**/*.test.ts, the web
// app's too) and need nothing running; integration tests in each package's test/ folder talk to the real
// Postgres, Redis and RabbitMQ, and tests/deployment checks the deployment files (compose, Kubernetes,
// their agreement with each service's configuration); browser tests drive the built web app, served by
// the whole product in one process, in Debian's Chromium (they need `make build` first and
// /usr/bin/chromium). `--project unit` gives the quick loop.
export default defineConfig({
  test: {
    globalSetup: ["libs/testing/src/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at once: a test file spends much of its time waiting (on Postgres, Redis, RabbitMQ, its own
    // timers, a page in Chromium), so one worker leaves a core idle. Every test isolates itself (its own
    // schema, key prefix, exchange, ports, data folder and browser). More workers than cores over-commit
    // the CPU, and have left the local RabbitMQ no longer accepting connections.
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next: every integration file imports
    // much of the product (fastify, kysely, amqplib, the services), and loading it again for every file
    // is a large share of the run. Files still share nothing else: each starts its own apps and closes
    // them, and stubbed globals are put back after each test.
    isolate: false,
    unstubGlobals: true,
    sequence: { sequencer: ProjectsInTurn },
    reporters: ["default", "./tests/support/long-running-files.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{libs,services}/*/src/**/*.test.ts", "web/src/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{libs,services}/*/test/**/*.test.ts", "tests/{deployment,operations}/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "browser", include: ["tests/browser/**/*.test.ts"], testTimeout: 60_000 },
      },
    ],
  },
});
