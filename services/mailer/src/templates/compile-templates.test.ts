import { describe, expect, it } from "vitest";
import { compileTemplates } from "./compile-templates.ts";
import { SAMPLE_SITE } from "./sample-template-data.ts";
import { TEMPLATE_SOURCES } from "./sources/index.ts";

describe("compileTemplates", () => {
  it("compiles every template under strict validation", async () => {
    await expect(compileTemplates(SAMPLE_SITE)).resolves.toHaveProperty("render");
  });

  it("fails start-up on a template MJML refuses, naming it", async () => {
    const broken = {
      ...TEMPLATE_SOURCES,
      welcome: {
        ...TEMPLATE_SOURCES.welcome,
        mjml: TEMPLATE_SOURCES.welcome.mjml.replace("<mj-column>", "<mj-colum>"),
      },
    };
    await expect(compileTemplates(SAMPLE_SITE, broken)).rejects.toThrow(
      /"welcome" e-mail template is not valid MJML: .*mj-colum/,
    );
  });

  it("fails start-up on a placeholder MJML did not carry through", async () => {
    const lost = {
      ...TEMPLATE_SOURCES,
      receipt: {
        ...TEMPLATE_SOURCES.receipt,
        mjml: TEMPLATE_SOURCES.receipt.mjml.replace(
          "</mj-head>",
          `<mj-attributes><mj-class name="unused" color="{{colour}}" /></mj-attributes></mj-head>`,
        ),
      },
    };
    await expect(compileTemplates(SAMPLE_SITE, lost)).rejects.toThrow(
      /"receipt" e-mail template lost \{\{colour\}\}/,
    );
  });
});
