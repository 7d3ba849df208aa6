export { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
export { testInfra } from "./test-infra.ts";
export { createTestSchema } from "./test-schema.ts";
export { uniqueName } from "./unique-name.ts";
