import { existsSync } from "node:fs";
import { connect } from "node:net";

/** Whether something accepts connections on this machine's port (a local Postgres, Redis or RabbitMQ). */
function answersLocally(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1_000 });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/**
 * Runs once before the suite. A part given by URL, or answering on this machine's standard port, is
 * used as it is; any other comes from a throw-away container where a Docker engine exists. A machine
 * with local Postgres/Redis/RabbitMQ therefore never depends on a registry, even with an engine running.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const docker = Boolean(process.env.DOCKER_HOST) || existsSync("/var/run/docker.sock");
  const needs = async (variable: string, localPort: number) =>
    !process.env[variable] && !(await answersLocally(localPort));
  const [postgres, redis, rabbitmq] = await Promise.all([
    needs("TEST_DATABASE_URL", 5432),
    needs("TEST_REDIS_URL", 6379),
    needs("TEST_AMQP_URL", 5672),
  ]);
  if (!docker || !(postgres || redis || rabbitmq) || process.env.TEST_NO_CONTAINERS) return async () => {};
  const { GenericContainer, Wait } = await import("testcontainers");
  const started: { stop(): Promise<unknown> }[] = [];
  if (postgres) {
    const container = await new GenericContainer("postgres:16-alpine")
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: "trust" })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    started.push(container);
    process.env.TEST_DATABASE_URL = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  if (redis) {
    const container = await new GenericContainer("redis:7-alpine").withExposedPorts(6379).start();
    started.push(container);
    process.env.TEST_REDIS_URL = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  }
  if (rabbitmq) {
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
