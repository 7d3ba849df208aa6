import { describe, expect, it, vi } from "vitest";
import { meteredYoutube, type QuotaMeter } from "./metered-youtube.ts";
import { type YoutubeCatalog, YoutubeQuotaError } from "./youtube-catalog.ts";

function inner(overrides: Partial<YoutubeCatalog> = {}): YoutubeCatalog {
  return {
    searchChannelIds: vi.fn(async () => ["UC1"]),
    channelsByIds: vi.fn(async () => []),
    channelByHandle: vi.fn(async () => undefined),
    uploadsPage: vi.fn(async () => ({ entries: [] })),
    videosByIds: vi.fn(async () => []),
    ...overrides,
  };
}

function meter(budget: number): QuotaMeter & { spent: [string, number][]; exhausted: number } {
  const spent: [string, number][] = [];
  let left = budget;
  return {
    spent,
    exhausted: 0,
    async spend(purpose, units) {
      if (units > left) return false;
      left -= units;
      spent.push([purpose, units]);
      return true;
    },
    async markExhausted() {
      this.exhausted += 1;
    },
  };
}

describe("meteredYoutube", () => {
  it("books each call's cost against its purpose before making it", async () => {
    const ledger = meter(1_000);
    const youtube = meteredYoutube(inner(), ledger);
    await youtube("search").searchChannelIds("ab", 10);
    await youtube("search").channelsByIds(["UC1"]);
    await youtube("uploads").uploadsPage("UU1");
    await youtube("uploads").videosByIds([]);
    expect(ledger.spent).toEqual([
      ["search", 100],
      ["search", 1],
      ["uploads", 1],
    ]);
  });

  it("refuses a call the budget cannot take without making it", async () => {
    const api = inner();
    const youtube = meteredYoutube(api, meter(99));
    await expect(youtube("search").searchChannelIds("ab", 10)).rejects.toEqual(
      new YoutubeQuotaError("budget"),
    );
    expect(api.searchChannelIds).not.toHaveBeenCalled();
  });

  it("records YouTube's own quotaExceeded, but not a rate limit", async () => {
    const ledger = meter(1_000);
    const youtube = meteredYoutube(
      inner({
        searchChannelIds: async () => {
          throw new YoutubeQuotaError("quotaExceeded");
        },
        uploadsPage: async () => {
          throw new YoutubeQuotaError("rateLimited");
        },
      }),
      ledger,
    );
    await expect(youtube("search").searchChannelIds("ab", 10)).rejects.toThrow(YoutubeQuotaError);
    await expect(youtube("uploads").uploadsPage("UU1")).rejects.toThrow(YoutubeQuotaError);
    expect(ledger.exhausted).toBe(1);
  });
});
