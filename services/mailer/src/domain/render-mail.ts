import type { RenderedMail, TemplateData } from "../templates/template-data.ts";
import type { TemplateName } from "../templates/template-names.ts";
import type { MailerContext } from "./mailer-context.ts";

/** Fills a compiled template for one recipient, timing it for the render histogram. */
export function renderMail<Name extends TemplateName>(
  context: Pick<MailerContext, "templates" | "metrics">,
  template: Name,
  data: TemplateData[Name],
): RenderedMail {
  const started = performance.now();
  const rendered = context.templates.render(template, data);
  context.metrics.rendered(template, (performance.now() - started) / 1000);
  return rendered;
}
