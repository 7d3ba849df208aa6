import { describe, expect, it } from "vitest";
import { readySummaryRow } from "../../test/support/summary-row.ts";
import { previewBullets } from "./preview-bullets.ts";

const point = (text: string) => ({ text, startSeconds: 0 });

describe("the points of a preview the abandonment e-mail quotes", () => {
  it("are the summary's key points on one line each, at most 3, empty ones dropped", () => {
    const summary = readySummaryRow({
      key_points: [
        point("  Knife\n skills\tfirst "),
        point(" \n "),
        point("Stock"),
        point("Sauce"),
        point("Bread"),
      ],
      paragraph: "A paragraph that is never quoted when there are key points to quote.",
    });
    expect(previewBullets(summary)).toEqual(["Knife skills first", "Stock", "Sauce"]);
  });

  it("are else the paragraph's sentences of more than 30 characters, at most 3", () => {
    const summary = readySummaryRow({
      key_points: [],
      paragraph:
        "Too short to stand alone. A sentence long enough to be quoted here.\n" +
        "Another   sentence long enough to be quoted?! A third sentence that is long enough too. A fourth one, long enough but over the limit.",
    });
    expect(previewBullets(summary)).toEqual([
      "A sentence long enough to be quoted here.",
      "Another sentence long enough to be quoted?!",
      "A third sentence that is long enough too.",
    ]);
  });

  it("keep a sentence of 31 characters and drop one of 30", () => {
    const thirty = "Exactly thirty characters now.";
    const thirtyOne = "Exactly thirty-one characters..";
    expect(thirty).toHaveLength(30);
    expect(thirtyOne).toHaveLength(31);
    expect(previewBullets(readySummaryRow({ paragraph: `${thirty} ${thirtyOne}` }))).toEqual([thirtyOne]);
  });

  it("are none for a summary with neither points nor sentences", () => {
    expect(previewBullets(readySummaryRow({ key_points: null, paragraph: null }))).toEqual([]);
    expect(
      previewBullets(
        readySummaryRow({ key_points: null, paragraph: "One sentence long enough to be quoted." }),
      ),
    ).toEqual(["One sentence long enough to be quoted."]);
    expect(
      previewBullets(readySummaryRow({ key_points: [], paragraph: "no full stop at the end of this text" })),
    ).toEqual([]);
  });

  it("hold at most 500 characters each, cut with an ellipsis", () => {
    const exactly = "a".repeat(500);
    const over = `${"b".repeat(498)} ${"c".repeat(10)}`;
    expect(previewBullets(readySummaryRow({ key_points: [point(exactly), point(over)] }))).toEqual([
      exactly,
      `${"b".repeat(498)}…`,
    ]);
  });
});
