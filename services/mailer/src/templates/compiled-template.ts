import { escapeHtml } from "./escape-html.ts";
import type { MailContent } from "./template-source.ts";

/** `{{name}}` (a value, escaped) or `{{{name}}}` (a fragment of HTML, as it is). */
const PLACEHOLDER = /\{\{(\{?)([A-Za-z][A-Za-z0-9]*)\}?\}\}/g;

type Slot = { kind: "value" | "fragment"; name: string };

/** The placeholders in MJML or in compiled HTML, as `{{name}}` / `{{{name}}}`, in order. */
export function placeholdersIn(markup: string): string[] {
  return [...markup.matchAll(PLACEHOLDER)].map((match) => match[0]);
}

/**
 * A template's compiled HTML cut at its placeholders once, so filling it per recipient is one pass
 * of string joins, with no parsing and no MJML.
 */
export class CompiledTemplate {
  readonly #constants: string[] = [];
  readonly #slots: Slot[] = [];
  /** The HTML that is the same for every recipient, in UTF-8 bytes. */
  readonly constantBytes: number;

  constructor(
    readonly name: string,
    html: string,
  ) {
    let from = 0;
    for (const match of html.matchAll(PLACEHOLDER)) {
      this.#constants.push(html.slice(from, match.index));
      this.#slots.push({ kind: match[1] ? "fragment" : "value", name: match[2] ?? "" });
      from = match.index + match[0].length;
    }
    this.#constants.push(html.slice(from));
    this.constantBytes = this.#constants.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  }

  /** The HTML for one recipient. A placeholder without content is a bug in the template's source. */
  fill(content: MailContent): string {
    const values: Record<string, string> = {
      ...content.values,
      subject: content.subject,
      preheader: content.preheader,
    };
    let html = this.#constants[0] ?? "";
    for (const [index, slot] of this.#slots.entries()) {
      const given = slot.kind === "value" ? values[slot.name] : content.fragments[slot.name];
      if (given === undefined)
        throw new Error(`The "${this.name}" e-mail has nothing for ${slot.kind} "${slot.name}"`);
      html += (slot.kind === "value" ? escapeHtml(given) : given) + this.#constants[index + 1];
    }
    return html;
  }
}
