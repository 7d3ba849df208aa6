export { createTestBus, type TestBus, type TestBusKind } from "./create-test-bus.ts";
