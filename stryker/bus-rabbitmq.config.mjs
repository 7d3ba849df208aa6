import { mutationConfig } from "./shared.mjs";

// The RabbitMQ adapter and the dead-letters CLI. Every test of theirs waits on the broker, so this run
// takes longer than all the others together; it is not in `make mutate`'s default list (docs/testing.md).
export default mutationConfig({
  name: "bus-rabbitmq",
  mutate: ["libs/bus/src/{rabbitmq,cli}/**/*.ts"],
  // Not the soak test, nor the CLI run as a script (a process of its own, where no mutant is active).
  testFiles: ["libs/bus/src/**/*.test.ts", "libs/bus/test/!(bus-soak|dead-letters-script).test.ts"],
});
