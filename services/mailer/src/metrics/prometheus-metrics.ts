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
  return {
    templatesCompiled: (count) => compiled.inc(count),
    rendered: (template, seconds) => render.observe({ template }, seconds),
  };
}
