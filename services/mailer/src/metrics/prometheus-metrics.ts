import { addCounter, addHistogram, type ServiceApp } from "@tubedigest/http";
import type { MailerMetrics } from "../domain/mailer-metrics.ts";

/** A sign-in link renders in tens of microseconds, a long digest in several milliseconds. */
const RENDER_BUCKETS_SECONDS = [
  0.0001, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25,
];

/** The mailer's metrics, on its app's `/metrics`. */
export function prometheusMetrics(app: ServiceApp): MailerMetrics {
  const compiled = addCounter(app, {
    name: "mailer_templates_compiled_total",
    help: "MJML documents compiled by this process (each template once, at start)",
  });
  const render = addHistogram(app, {
    name: "mailer_render_seconds",
    help: "Time to render one message from its compiled template, by template",
    buckets: RENDER_BUCKETS_SECONDS,
    labelNames: ["template"],
  });
  // Mailbox providers judge a sender by these: Gmail wants complaints under 0.1 % of the mail it gets,
  // and never 0.3 %; bounces say the list holds dead addresses. Both over sent, for the rates.
  const sent = addCounter(app, { name: "mailer_sent_total", help: "Messages accepted by the SMTP relay" });
  const bounced = addCounter(app, {
    name: "mailer_hard_bounces_total",
    help: "Messages refused for good by the relay (5xx); each address is suppressed",
  });
  const complaints = addCounter(app, {
    name: "mailer_complaints_total",
    help: "Spam complaints received (feedback reports, providers' webhooks); each address is suppressed",
  });
  return {
    templatesCompiled: (count) => compiled.inc(count),
    rendered: (template, seconds) => render.observe({ template }, seconds),
    sent: () => sent.inc(),
    hardBounced: () => bounced.inc(),
    complained: () => complaints.inc(),
  };
}
