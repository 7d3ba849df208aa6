export {
  createTestBus,
  joinTestBus,
  type TestBus,
  type TestBusAddress,
  type TestBusKind,
} from "./create-test-bus.ts";
