import type { ImportChannel } from "@tubedigest/contracts/channels";
import { describe, expect, it } from "vitest";
import { importChoice } from "./import-choice.ts";

const channel = (id: string, following = false): ImportChannel => ({
  youtubeChannelId: id,
  title: id,
  thumbnailUrl: "",
  following,
});

describe("a choice from an imported file", () => {
  const channels = [channel("a"), channel("b", true), channel("c"), channel("d")];

  it("counts only channels not followed yet against the room left", () => {
    expect(
      importChoice(channels, new Set(["a", "b", "c"]), { channelCount: 3, channelAllowance: 5 }),
    ).toEqual({
      adding: ["a", "c"],
      room: 2,
      over: false,
    });
  });

  it("is over when it adds more than the room left, and the room is never negative", () => {
    expect(
      importChoice(channels, new Set(["a", "c", "d"]), { channelCount: 3, channelAllowance: 5 }),
    ).toMatchObject({
      room: 2,
      over: true,
    });
    expect(importChoice(channels, new Set(["a"]), { channelCount: 7, channelAllowance: 5 })).toMatchObject({
      room: 0,
      over: true,
    });
  });

  it("holds nothing back when the allowance is not known", () => {
    expect(
      importChoice(channels, new Set(["a", "c", "d"]), { channelCount: 0, channelAllowance: null }).over,
    ).toBe(false);
  });
});
