import { defineConfig } from "vitest/config";

// One run covers every workspace: unit tests sit beside the code (src/**/*.test.ts), integration tests
// against the real Postgres/Redis/RabbitMQ in each package's test/ folder, and the deployment files'
// checks (compose, Kubernetes, their agreement with each service's configuration) in tests/deployment.
export default defineConfig({
  test: {
    include: [
      "{libs,services}/*/{src,test}/**/*.test.ts",
      "web/src/**/*.test.{ts,tsx}",
      "tests/deployment/**/*.test.ts",
    ],
    globalSetup: ["libs/testing/src/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default", "./tests/support/long-running-files.ts"],
  },
});
