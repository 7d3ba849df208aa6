import type { TemplateData } from "./template-data.ts";
import type { TemplateName } from "./template-names.ts";

/**
 * One recipient's share of an e-mail. `values` fill `{{name}}` placeholders and are HTML-escaped on
 * the way in; `fragments` fill `{{{name}}}` markers as they are, so they must be built from escaped
 * parts (the repeated blocks: channels, videos, bullets, summaries). `subject` and `preheader` also
 * fill the `{{subject}}` and `{{preheader}}` placeholders every layout has.
 */
export interface MailContent {
  subject: string;
  preheader: string;
  text: string;
  values: Record<string, string>;
  fragments: Record<string, string>;
}

/**
 * One e-mail as written: its MJML, compiled once at start, and how a recipient's data becomes its
 * content. `roomBytes` is how much HTML the fragments may add before the whole message would pass
 * the size Gmail clips at, for templates whose length depends on the data.
 */
export interface TemplateSource<Name extends TemplateName = TemplateName> {
  name: Name;
  mjml: string;
  content(data: TemplateData[Name], roomBytes: number): MailContent;
}
