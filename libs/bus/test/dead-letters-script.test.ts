import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { childEnvironment, testInfra } from "@tubedigest/testing/test-infra";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BusFixture, rabbitMqImplementation } from "./support/bus-fixtures.ts";

const cliPath = fileURLToPath(new URL("../src/cli/dead-letters.ts", import.meta.url));

/**
 * The CLI as an operator starts it. A file of its own: the script runs in a process of its own, where
 * mutation testing's mutants are never active, so it is left out of those runs (stryker/README.md).
 */
describe("dead-letters CLI as a script", () => {
  let fixture: BusFixture;

  beforeEach(async () => {
    fixture = await rabbitMqImplementation.setUp();
  });

  afterEach(async () => {
    await fixture.cleanup();
  });

  it("runs as a script with tsx on RABBITMQ_URL: output on stdout, an unknown queue on stderr with exit code 1", async () => {
    const bus = await fixture.createBus();
    const service = fixture.serviceName();
    await bus.subscribe({
      service,
      queues: { profiles: { events: ["user.updated"], handlers: { "user.updated": async () => {} } } },
    });
    const script = (...argv: string[]) =>
      promisify(execFile)("npx", ["tsx", cliPath, ...argv], {
        env: childEnvironment({ RABBITMQ_URL: testInfra.amqpUrl }),
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    const [listed, missing] = await Promise.all([
      script("list", `${service}.profiles`),
      script("list", `${service}.nothing`),
    ]);
    expect(listed).toMatchObject({ code: 0, stdout: `no dead letters in ${service}.profiles\n` });
    expect(missing).toMatchObject({ code: 1, stdout: "" });
    expect(missing.stderr).toContain(
      `There is no dead-letter queue for "${service}.nothing" on this broker.`,
    );
  });
});
