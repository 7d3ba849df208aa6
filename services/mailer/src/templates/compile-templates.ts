import type { SiteSettings } from "@tubedigest/config";
import { compileMjml, type MjmlSource } from "./compile-mjml.ts";
import { CompiledTemplate, placeholdersIn } from "./compiled-template.ts";
import { siteFooter } from "./site-footer.ts";
import { TEMPLATE_SOURCES } from "./sources/index.ts";
import type { MailTemplates } from "./template-data.ts";
import { TEMPLATE_NAMES, type TemplateName } from "./template-names.ts";
import type { TemplateSource } from "./template-source.ts";
import { withSiteFooter } from "./text-mail.ts";

/** Every template's source, by name. */
export type TemplateSources = { [Name in TemplateName]: TemplateSource<Name> };

// Gmail clips a message whose HTML passes about 102 KB. Aiming at 90 KB leaves a margin for what
// is estimated rather than measured (a digest's short values) and for clients that count a little
// differently.
const CLIP_SAFE_BYTES = 90 * 1024;

/**
 * Compiles every template's MJML once, with strict validation, in a child process (see
 * `compileMjml`), and answers templates that fill the compiled HTML per recipient with string joins
 * only. Rejects, naming the template and MJML's message, when any source is not valid MJML or lost a
 * placeholder in compilation, so a broken template stops the mailer at start rather than at a send.
 * Every message's footer names `site`'s operator and support address. `compile` is there to be watched
 * (the bench counts compilations); the mailer keeps the default.
 */
export async function compileTemplates(
  site: SiteSettings,
  sources: TemplateSources = TEMPLATE_SOURCES,
  compile: (sources: MjmlSource[]) => Promise<Map<string, string>> = compileMjml,
): Promise<MailTemplates> {
  const html = await compile(TEMPLATE_NAMES.map((name) => ({ name, mjml: sources[name].mjml })));
  const compiled = new Map<TemplateName, CompiledTemplate>();
  for (const name of TEMPLATE_NAMES) {
    // MJML indents its output; a run of white space holding a line break renders exactly like one
    // line break (the output has no <pre>), and dropping the indentation makes every message lighter.
    const output = (html.get(name) ?? "").replace(/\n\s+/g, "\n");
    const lost = placeholdersIn(sources[name].mjml).filter((placeholder) => !output.includes(placeholder));
    if (lost.length > 0)
      throw new Error(`The "${name}" e-mail template lost ${lost.join(", ")} in compilation`);
    compiled.set(name, new CompiledTemplate(name, output));
  }
  const footer = siteFooter(site);
  const footerBytes = Buffer.byteLength(footer.html);
  return {
    render(name, data) {
      const template = compiled.get(name);
      if (!template) throw new Error(`No e-mail template named "${name}"`);
      const content = sources[name].content(data, CLIP_SAFE_BYTES - template.constantBytes - footerBytes);
      return {
        subject: content.subject,
        preheader: content.preheader,
        html: template.fill({ ...content, fragments: { ...content.fragments, siteFooter: footer.html } }),
        text: withSiteFooter(content.text, footer.text),
      };
    },
  };
}
