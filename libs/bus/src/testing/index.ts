export {
  createTestBus,
  joinTestBus,
  type TestBus,
  type TestBusAddress,
  type TestBusKind,
} from "./create-test-bus.ts";
export { declaredQueues } from "./declared-queues.ts";
export { schemaTemplate } from "./schema-template.ts";
