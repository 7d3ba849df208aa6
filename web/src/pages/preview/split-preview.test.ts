import { describe, expect, it } from "vitest";
import { splitPreview } from "./split-preview.ts";

const digest = (...parts: string[]) => parts.join("\n\n");

describe("splitPreview", () => {
  it("keeps the first channel's first video readable and blurs the next video", () => {
    const markdown = digest("# Your weekly digest", "## Orbit", "### One", "- **a**", "### Two", "- **b**");
    expect(splitPreview(markdown)).toEqual({
      readable: `${digest("# Your weekly digest", "## Orbit", "### One", "- **a**")}\n`,
      blurred: digest("### Two", "- **b**"),
    });
  });

  it("blurs from the second channel when the first has one video", () => {
    const markdown = digest("# Your weekly digest", "## Orbit", "### One", "## Kitchen", "### Two");
    expect(splitPreview(markdown).blurred).toBe(digest("## Kitchen", "### Two"));
  });

  it("blurs nothing when there is nothing after the first video", () => {
    const markdown = digest("# Your weekly digest", "## Orbit", "_No new videos this week._");
    expect(splitPreview(markdown)).toEqual({ readable: markdown, blurred: "" });
  });
});
