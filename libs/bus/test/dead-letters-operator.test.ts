import { PassThrough } from "node:stream";
import type { AnyEvent } from "@tubedigest/contracts";
import { testInfra } from "@tubedigest/testing/test-infra";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDeadLettersCli } from "../src/cli/dead-letters.ts";
import type { EventBus } from "../src/index.ts";
import { type BusFixture, rabbitMqImplementation } from "./support/bus-fixtures.ts";
import { waitFor } from "./support/wait-for.ts";

describe("dead-letters CLI: finding queues and dropping letters", () => {
  let fixture: BusFixture;
  let bus: EventBus;
  let queue: string;
  let events: AnyEvent[];

  /** The tool on the test broker, offering this test's queues as the known ones. */
  async function run(...argv: string[]) {
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
    const knownQueues = [queue, `${queue}-never-declared`];
    const code = await runDeadLettersCli(argv, { stdout, stderr }, { url: testInfra.amqpUrl, knownQueues });
    return { code, output, errors };
  }

  const eventIdsLeft = async () => (await bus.deadLetters.list(queue)).map((letter) => letter.eventId);

  beforeEach(async () => {
    fixture = await rabbitMqImplementation.setUp();
    bus = await fixture.createBus();
    const service = fixture.serviceName();
    queue = `${service}.profiles`;
    await bus.subscribe({
      service,
      queues: {
        profiles: {
          events: ["user.updated"],
          handlers: {
            "user.updated": async () => {
              throw new Error("a poison message");
            },
          },
        },
      },
    });
    events = [];
    for (const email of ["ada@example.com", "grace@example.com"]) {
      const data = { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", email, fullName: null };
      events.push((await bus.publish("user.updated", data, { correlationId: "req-drop" })) as AnyEvent);
    }
    await waitFor(eventIdsLeft, (ids) => ids.length === 2, { what: "two dead letters" });
  });

  afterEach(async () => {
    await fixture.cleanup();
  });

  it("lists the known services' dead-letter queues with their counts when given no queue", async () => {
    expect(await run("list")).toEqual({
      code: 0,
      output: [
        "Dead-letter queues (name one to list, replay or drop its letters):",
        `  ${queue}  2 dead letter(s)`,
        `Not declared on this broker (their service has not started against it): ${queue}-never-declared`,
        "",
      ].join("\n"),
      errors: "",
    });
  });

  it("answers an unknown queue with the valid names, and takes a queue by its dead-letter name too", async () => {
    expect(await run("replay", `${queue}-typo`)).toEqual({
      code: 1,
      output: "",
      errors:
        `There is no dead-letter queue for "${queue}-typo" on this broker. Queues with one: ${queue} (2). ` +
        `Give a consuming queue's name ("<service>.<purpose>"), with or without ".dead-letter".\n`,
    });
    const byDeadLetterName = await run("list", `${queue}.dead-letter`);
    expect(byDeadLetterName.code).toBe(0);
    expect(byDeadLetterName.output).toContain(`2 dead letter(s) in ${queue}:`);
  });

  it("only says what it would drop until told --yes", async () => {
    const [first, second] = events.map((event) => event.id);
    const shown = await run("drop", queue, first ?? "");
    expect(shown.code).toBe(0);
    expect(shown.output).toMatch(new RegExp(`^would drop 1 dead letter\\(s\\) in ${queue}:\\n.*${first}`));
    expect(shown.output).not.toContain(second);
    expect(shown.output).toContain(
      `Nothing was dropped. To remove them for good: dead-letters.ts drop ${queue} ${first} --yes\n`,
    );
    const all = await run("drop", queue, "--all");
    expect(all.output).toContain(`would drop 2 dead letter(s) in ${queue}:`);
    expect(await eventIdsLeft()).toEqual([first, second]);
  });

  it("drops one dead letter by its event id, keeping the others in their order, then all of them", async () => {
    const [first, second] = events.map((event) => event.id);
    expect(await run("drop", queue, first ?? "", "--yes")).toEqual({
      code: 0,
      output: `dropped 1 dead letter(s) from ${queue}\n`,
      errors: "",
    });
    expect(await eventIdsLeft()).toEqual([second]);

    expect(await run("drop", queue, first ?? "", "--yes")).toEqual({
      code: 1,
      output: "",
      errors: `No dead letter with event id ${first} in ${queue}; nothing dropped.\n`,
    });
    expect(await run("drop", `${queue}.dead-letter`, "--all", "--yes")).toEqual({
      code: 0,
      output: `dropped 1 dead letter(s) from ${queue}\n`,
      errors: "",
    });
    expect(await eventIdsLeft()).toEqual([]);
  });

  it("refuses a drop that names neither one letter nor --all, or both", async () => {
    for (const argv of [
      ["drop", queue],
      ["drop", queue, "some-id", "--all"],
      ["replay", queue, "--all"],
    ]) {
      expect(await run(...argv)).toEqual({ code: 2, output: "", errors: expect.stringMatching(/^usage:\n/) });
    }
  });
});
