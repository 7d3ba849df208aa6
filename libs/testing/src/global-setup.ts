import { existsSync } from "node:fs";

/**
 * Runs once before the suite. Where a Docker engine exists and no service URL is given, the real parts
 * come from throw-away containers; on a machine with local Postgres/Redis/RabbitMQ the defaults apply.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const docker = Boolean(process.env.DOCKER_HOST) || existsSync("/var/run/docker.sock");
  const wanted = ["TEST_DATABASE_URL", "TEST_REDIS_URL", "TEST_AMQP_URL"].filter(
    (name) => !process.env[name],
  );
  if (!docker || wanted.length === 0 || process.env.TEST_NO_CONTAINERS) return async () => {};
  const { GenericContainer, Wait } = await import("testcontainers");
  const started: { stop(): Promise<unknown> }[] = [];
  if (!process.env.TEST_DATABASE_URL) {
    const container = await new GenericContainer("postgres:16-alpine")
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust" })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    started.push(container);
    process.env.TEST_DATABASE_URL = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  if (!process.env.TEST_REDIS_URL) {
    const container = await new GenericContainer("redis:7-alpine").withExposedPorts(6379).start();
    started.push(container);
    process.env.TEST_REDIS_URL = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  }
  if (!process.env.TEST_AMQP_URL) {
    const container = await new GenericContainer("rabbitmq:3.13-alpine")
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start();
    started.push(container);
    process.env.TEST_AMQP_URL = `amqp://guest:guest@${container.getHost()}:${container.getMappedPort(5672)}`;
  }
  return async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
}
