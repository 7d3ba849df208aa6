import { afterEach, describe, expect, it, vi } from "vitest";
import type { RenderedMail } from "../templates/template-data.ts";
import type { MailerMetrics } from "./mailer-metrics.ts";
import { renderMail } from "./render-mail.ts";

const MAIL: RenderedMail = { subject: "Welcome", preheader: "Hello", html: "<p>Hello</p>", text: "Hello" };

describe("renderMail", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers the filled template and observes how long filling it took, in seconds", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    // Far from zero, as in a process that has run a while: a sum instead of a difference would show.
    vi.advanceTimersByTime(3_600_000);
    const observed: [string, number][] = [];
    const metrics: MailerMetrics = {
      templatesCompiled: () => {},
      rendered: (template, seconds) => {
        observed.push([template, seconds]);
      },
      sent: () => {},
      hardBounced: () => {},
      complained: () => {},
    };
    const templates = {
      render: () => {
        vi.advanceTimersByTime(250);
        return MAIL;
      },
    };
    expect(renderMail({ templates, metrics }, "welcome", {} as never)).toBe(MAIL);
    expect(observed).toEqual([["welcome", 0.25]]);
  });
});
