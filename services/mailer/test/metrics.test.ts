import { randomUUID } from "node:crypto";
import { contractOf } from "@tubedigest/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_NAMES } from "../src/templates/template-names.ts";
import { type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

describe("the mailer's metrics (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  const metrics = async () => (await mailer.app.inject("/metrics")).body;

  it("count each template compiled once at start, and no compilation for the messages sent after", async () => {
    const compiled = /^mailer_templates_compiled_total\{service="mailer"\} (\d+)$/m;
    expect(compiled.exec(await metrics())?.[1]).toBe(String(TEMPLATE_NAMES.length));
    for (const _ of [1, 2]) {
      const { userId, email } = await mailer.registered();
      const composed = { ...contractOf("newsletter.composed").example, newsletterId: randomUUID(), userId };
      await mailer.deliver("newsletter.composed", composed);
      expect(await mailer.mailTo(email)).toHaveLength(1);
    }
    expect(compiled.exec(await metrics())?.[1]).toBe(String(TEMPLATE_NAMES.length));
  });

  it("include the bus's: the outbox backlog, deliveries by outcome and dead letters waiting", async () => {
    const text = await metrics();
    expect(text).toMatch(/^bus_outbox_pending\{service="mailer"\} \d+$/m);
    expect(text).toMatch(/^bus_outbox_oldest_age_seconds\{service="mailer"\} [\d.]+$/m);
    expect(text).toContain("# TYPE bus_events_handled_total counter");
    expect(text).toContain("# TYPE bus_dead_letter_messages gauge");
  });

  it("time every message's render, by template", async () => {
    const before = await metrics();
    const renders = (text: string, template: string) =>
      Number(
        new RegExp(
          `^mailer_render_seconds_count\\{service="mailer",template="${template}"\\} (\\d+)$`,
          "m",
        ).exec(text)?.[1] ?? 0,
      );
    const { userId, email } = await mailer.registered();
    await mailer.deliver("trial.started", { userId, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    await mailer.deliver("newsletter.composed", {
      ...contractOf("newsletter.composed").example,
      newsletterId: randomUUID(),
      userId,
    });
    expect(await mailer.mailTo(email)).toHaveLength(2);
    const after = await metrics();
    // The welcome is written when queued and again as it goes (it says what is true then).
    expect(renders(after, "welcome") - renders(before, "welcome")).toBe(2);
    expect(renders(after, "digest") - renders(before, "digest")).toBe(1);
    const sum = /^mailer_render_seconds_sum\{service="mailer",template="digest"\} (\S+)$/m.exec(after)?.[1];
    expect(Number(sum)).toBeGreaterThan(0);
  });
});
