import { defineConfig } from "vitest/config";

// Two projects in one run: unit tests sit beside the code (src/**/*.test.ts, the web app's too) and need
// nothing running; integration tests in each package's test/ folder talk to the real Postgres, Redis and
// RabbitMQ, and tests/deployment checks the deployment files (compose, Kubernetes, their agreement with
// each service's configuration). `--project unit` gives the quick loop.
export default defineConfig({
  test: {
    globalSetup: ["libs/testing/src/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
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
          include: ["{libs,services}/*/test/**/*.test.ts", "tests/deployment/**/*.test.ts"],
        },
      },
    ],
  },
});
