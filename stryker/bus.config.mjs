import { mutationConfig } from "./shared.mjs";

// The event backbone's own logic; its RabbitMQ adapter has a config of its own (bus-rabbitmq.config.mjs).
export default mutationConfig({
  name: "bus",
  vitestConfig: "stryker/bus.vitest.config.ts",
  // Not the test helpers, nor the frozen migrations (checked by scripts/check-migrations.mjs).
  mutate: ["libs/bus/src/**/*.ts", "!libs/bus/src/{testing,migrations,rabbitmq,cli}/**"],
  // Not the soak test (seconds a run, and the scenario tests check the same), nor the run on PGlite
  // (seconds to start it; it checks that the same logic works on one connection).
  testFiles: [
    "libs/bus/src/**/*.test.ts",
    "libs/bus/test/{bus-scenarios,outbox-relay,outbox-relay-timing}.test.ts",
  ],
});
