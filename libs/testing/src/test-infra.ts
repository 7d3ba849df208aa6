// `@tubedigest/testing/test-infra`: where the real parts are and the small helpers a test uses with them,
// none loading a package (the Postgres and Redis helpers are `/test-schema` and `/redis-keys`).
export { childEnvironment } from "./child-environment.ts";
export { type RunQuery, tablesMentioning } from "./tables-mentioning.ts";
export { uniqueName } from "./unique-name.ts";
export { unusedPort } from "./unused-port.ts";

/**
 * Where the real parts the integration tests talk to live: the local services, or, where one does not
 * answer, no URL is set and a Docker engine exists, a container the global setup started.
 */
export const testInfra = {
  get postgresUrl(): string {
    return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  },
  get redisUrl(): string {
    return process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  },
  get amqpUrl(): string {
    return process.env.TEST_AMQP_URL ?? "amqp://guest:guest@127.0.0.1:5672";
  },
  /**
   * `TEST_BUS=in-process` runs the bus scenarios on the in-process bus only: the mutation run of the
   * bus's own logic does, leaving the RabbitMQ adapter to a run of its own. Unset, they run on both.
   */
  get busImplementation(): string | undefined {
    return process.env.TEST_BUS;
  },
  /** `REQUIRE_KUBECTL=1` (CI) makes a machine without kubectl fail the manifest checks instead of skipping them. */
  get kubectlRequired(): boolean {
    return process.env.REQUIRE_KUBECTL === "1";
  },
  /** `REQUIRE_PROMTOOL=1` (CI) makes a machine without promtool fail the rule checks instead of skipping them. */
  get promtoolRequired(): boolean {
    return process.env.REQUIRE_PROMTOOL === "1";
  },
};
