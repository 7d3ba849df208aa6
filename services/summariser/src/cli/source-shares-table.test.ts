import { describe, expect, it } from "vitest";
import { sourceSharesTable } from "./source-shares-table.ts";

describe("the table of each week's transcript sources", () => {
  it("lists the weeks newest first, each with its videos and each source's share, the largest first", () => {
    const table = sourceSharesTable(
      [
        { weekKey: "2026-W48", source: "manual", videos: 1 },
        { weekKey: "2026-W48", source: "automatic", videos: 3 },
        { weekKey: "2026-W49", source: "description", videos: 8 },
        { weekKey: "2026-W49", source: "automatic", videos: 2 },
      ],
      4,
    );
    expect(table).toBe(
      [
        "2026-W49      10 videos  description 80%  automatic 20%",
        "2026-W48       4 videos  automatic 75%  manual 25%",
        "",
      ].join("\n"),
    );
  });

  it("rounds each share on its own and orders a tie by name", () => {
    const table = sourceSharesTable(
      [
        { weekKey: "2026-W49", source: "transcript-api", videos: 1 },
        { weekKey: "2026-W49", source: "manual", videos: 1 },
        { weekKey: "2026-W49", source: "automatic", videos: 1 },
      ],
      1,
    );
    expect(table).toBe("2026-W49       3 videos  automatic 33%  manual 33%  transcript-api 33%\n");
  });

  it("says so when nothing was summarised", () => {
    expect(sourceSharesTable([], 1)).toBe("No videos summarised in the last 1 week.\n");
    expect(sourceSharesTable([], 4)).toBe("No videos summarised in the last 4 weeks.\n");
  });
});
