import { mergeConfig } from "vitest/config";
import shared from "../vitest.mutate.config.ts";

// The bus's own logic runs the same on both implementations; its scenarios run on the in-process one,
// and the RabbitMQ adapter's run (bus-rabbitmq.config.mjs) runs them on RabbitMQ.
export default mergeConfig(shared, { test: { env: { TEST_BUS: "in-process" } } });
