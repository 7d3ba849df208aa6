import { beforeEach, describe, expect, it } from "vitest";
import { CompiledTemplate, placeholdersIn } from "./compiled-template.ts";
import type { MailContent } from "./template-source.ts";

const content = (overrides: Partial<MailContent>): MailContent => ({
  subject: "S",
  preheader: "P",
  text: "",
  values: {},
  fragments: {},
  ...overrides,
});

describe("CompiledTemplate", () => {
  // Made in each test, not once for the file: the cutting at placeholders is what is tested.
  let template: CompiledTemplate;
  beforeEach(() => {
    template = new CompiledTemplate(
      "example",
      `<title>{{subject}}</title><a href="{{url}}">{{name}}</a><div>{{{list}}}</div>`,
    );
  });

  it("escapes values, inserts fragments as they are, and counts the constant bytes", () => {
    const html = template.fill(
      content({
        values: { url: 'https://x.example/?a=1&b="2"', name: "<b>Ana</b>" },
        fragments: { list: "<ul></ul>" },
      }),
    );
    expect(html).toBe(
      `<title>S</title><a href="https://x.example/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;Ana&lt;/b&gt;</a><div><ul></ul></div>`,
    );
    expect(template.constantBytes).toBe(Buffer.byteLength(`<title></title><a href=""></a><div></div>`));
  });

  it("does not fill placeholders that arrive inside values", () => {
    const html = template.fill(
      content({ values: { url: "https://x.example", name: "{{subject}}" }, fragments: { list: "{{url}}" } }),
    );
    expect(html).toContain(">{{subject}}</a><div>{{url}}</div>");
  });

  it("refuses to send with a placeholder left empty", () => {
    expect(() => template.fill(content({ values: { url: "https://x.example" } }))).toThrow(
      /"example" e-mail has nothing for value "name"/,
    );
  });

  it("finds placeholders of both kinds", () => {
    expect(placeholdersIn("{{a}} {{{b}}} {c} {{ d }}")).toEqual(["{{a}}", "{{{b}}}"]);
  });
});
