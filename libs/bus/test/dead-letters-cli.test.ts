import { PassThrough } from "node:stream";
import { testInfra } from "@tubedigest/testing/test-infra";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDeadLettersCli } from "../src/cli/dead-letters.ts";
import { type BusFixture, rabbitMqImplementation } from "./support/bus-fixtures.ts";
import { waitFor } from "./support/wait-for.ts";

async function run(...argv: string[]): Promise<{ code: number; output: string; errors?: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let output = "";
  let errors = "";
  stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  stderr.on("data", (chunk) => {
    errors += String(chunk);
  });
  const code = await runDeadLettersCli(argv, { stdout, stderr }, { url: testInfra.amqpUrl });
  return errors ? { code, output, errors } : { code, output };
}

describe("dead-letters CLI", () => {
  let fixture: BusFixture;

  beforeEach(async () => {
    fixture = await rabbitMqImplementation.setUp();
  });

  afterEach(async () => {
    await fixture.cleanup();
  });

  it("lists dead letters with their reason and replays them to their queue", async () => {
    let healthy = false;
    const handled: string[] = [];
    const bus = await fixture.createBus();
    const service = fixture.serviceName();
    const queue = `${service}.profiles`;
    await bus.subscribe({
      service,
      queues: {
        profiles: {
          events: ["user.updated"],
          handlers: {
            "user.updated": async (event) => {
              if (!healthy) throw new Error("profile store unavailable");
              handled.push(event.id);
            },
          },
        },
      },
    });
    const event = await bus.publish(
      "user.updated",
      { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", email: "ada@example.com", fullName: null },
      { correlationId: "req-cli" },
    );
    await waitFor(
      () => bus.deadLetters.list(queue),
      (letters) => letters.length === 1,
      { what: "the dead letter" },
    );

    const url = testInfra.amqpUrl;
    const listed = await run("list", queue, "--url", url);
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(`1 dead letter(s) in ${queue}:`);
    expect(listed.output).toContain(event.id);
    expect(listed.output).toContain(
      "attempts=3  handler failed 3 times; last error: profile store unavailable",
    );

    const json = await run("list", queue, "--url", url, "--json");
    expect(JSON.parse(json.output)).toEqual([
      expect.objectContaining({ eventId: event.id, routingKey: "user.updated" }),
    ]);

    healthy = true;
    expect(await run("replay", queue, "--url", url)).toEqual({
      code: 0,
      output: `replayed 1 dead letter(s) to ${queue}\n`,
    });
    await waitFor(
      () => handled,
      (ids) => ids.length === 1,
      { what: "the replayed event" },
    );
    expect(handled).toEqual([event.id]);
    expect((await run("list", queue, "--url", url)).output).toBe(`no dead letters in ${queue}\n`);
  });

  it("answers a wrong command line with its usage and exit code 2", async () => {
    const usage = expect.stringMatching(/^usage:\n {2}dead-letters.ts list /);
    expect(await run("purge", "x")).toEqual({ code: 2, output: "", errors: usage });
    expect(await run("list", "--limit", "5")).toEqual({ code: 2, output: "", errors: usage });
    expect(await run("replay", "q", "--limit", "0")).toEqual({ code: 2, output: "", errors: usage });
  });
});
