import { describe, expect, it } from "vitest";
import { summaryBullets } from "./summary-bullets.ts";

describe("summaryBullets", () => {
  it("quotes the bold key points first, at most 3, with markdown escapes undone", () => {
    const markdown = [
      "# Your weekly digest",
      "## Pocket Orbit",
      "- **Rocket engines need \\*cold\\* fuel** ([0:12](https://youtu.be/x))",
      "- **Tiny satellites**",
      "- **Orbits decay**",
      "- **A fourth point**",
    ].join("\n\n");
    expect(summaryBullets(markdown)).toEqual([
      "Rocket engines need *cold* fuel",
      "Tiny satellites",
      "Orbits decay",
    ]);
  });

  it("falls back to sentences over 30 characters, headings and links stripped", () => {
    const markdown =
      "## Channel\n\n_Short one._ The [first long sentence](https://example.com) of this summary is here. Tiny. Another sentence that is long enough to be quoted!";
    expect(summaryBullets(markdown)).toEqual([
      "The first long sentence of this summary is here.",
      "Another sentence that is long enough to be quoted!",
    ]);
  });

  it("has nothing to quote in an empty preview", () => {
    expect(summaryBullets("")).toEqual([]);
  });
});
