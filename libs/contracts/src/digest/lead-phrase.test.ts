import { describe, expect, it } from "vitest";
import type { DigestInline } from "./digest.ts";
import { withBoldLead } from "./lead-phrase.ts";

const text = (value: string): DigestInline => ({ kind: "text", text: value });

describe("a key point's lead phrase", () => {
  it("is bold, and the rest of the point is not", () => {
    expect(
      withBoldLead([text("Regenerative cooling: the fuel runs through the nozzle walls first")]),
    ).toEqual([
      { kind: "strong", text: "Regenerative cooling:" },
      text(" the fuel runs through the nozzle walls first"),
    ]);
  });

  it("keeps what follows the first run", () => {
    const link: DigestInline = { kind: "link", text: "the paper", url: "https://example.com/paper" };
    expect(withBoldLead([text("Why it matters: see "), link])).toEqual([
      { kind: "strong", text: "Why it matters:" },
      text(" see "),
      link,
    ]);
  });

  it.each([
    ["no colon", "A sharp chisel needs less force than a blunt one"],
    [
      "a clause before the colon",
      "The team that built the first engine found three causes: heat, wear and dust",
    ],
    ["a time", "At 10:30 the booster separates"],
    ["an address", "https://example.com: the project's page"],
    ["nothing after the colon", "Regenerative cooling:"],
    ["no words before the colon", "2026: the year the engine flew"],
    ["a space before the colon", "Cooling : the fuel runs through the walls"],
  ])("is not read where there is %s", (_, point) => {
    expect(withBoldLead([text(point)])).toEqual([text(point)]);
  });

  it("is not added to a point that opens with emphasis of its own", () => {
    const runs: DigestInline[] = [{ kind: "emphasis", text: "Cooling" }, text(": the fuel runs")];
    expect(withBoldLead(runs)).toEqual(runs);
  });
});
