import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChannelSearchResult } from "./channels.ts";
import {
  abandonmentRecentlySent,
  abandonmentSentAt,
  clearFunnelExceptEmail,
  forgetFunnel,
  markAbandonmentSent,
  readCalculatedPrice,
  readSelectedChannels,
  readSelectedPlan,
  readUserEmail,
  writeCalculatedPrice,
  writeSelectedChannels,
  writeSelectedPlan,
  writeUserEmail,
} from "./session-state.ts";

/** A Storage kept in a Map, standing in for the browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

const channel: ChannelSearchResult = {
  id: "UC1",
  snippet: { title: "One", description: "d", thumbnails: { default: { url: "u" } } },
  statistics: { subscriberCount: "5" },
};

beforeEach(() => {
  vi.stubGlobal("sessionStorage", memoryStorage());
  vi.stubGlobal("localStorage", memoryStorage());
});

describe("the funnel's session state", () => {
  it("keeps the funnel's keys in session storage", () => {
    writeSelectedChannels([channel]);
    writeSelectedPlan("solo");
    writeCalculatedPrice(4.99);
    writeUserEmail("reader@example.com");
    expect(sessionStorage.getItem("selectedChannels")).toBe(JSON.stringify([channel]));
    expect(sessionStorage.getItem("calculatedPrice")).toBe("4.99");
    expect(readSelectedChannels()).toEqual([channel]);
    expect(readSelectedPlan()).toBe("solo");
    expect(readCalculatedPrice()).toBe(4.99);
    expect(readUserEmail()).toBe("reader@example.com");
  });

  it("reads nothing from missing or broken values", () => {
    sessionStorage.setItem("selectedChannels", "{not json");
    sessionStorage.setItem("calculatedPrice", "abc");
    expect(readSelectedChannels()).toEqual([]);
    expect(readCalculatedPrice()).toBeNull();
    expect(readSelectedPlan()).toBeNull();
  });

  it("clears everything but the e-mail after sign-up", () => {
    writeSelectedChannels([channel]);
    writeSelectedPlan("pro");
    writeCalculatedPrice(29.99);
    writeUserEmail("reader@example.com");
    clearFunnelExceptEmail();
    expect(readSelectedChannels()).toEqual([]);
    expect(readSelectedPlan()).toBeNull();
    expect(readCalculatedPrice()).toBeNull();
    expect(readUserEmail()).toBe("reader@example.com");
  });

  it("forgets everything, the e-mail in either storage too, on signing out", () => {
    writeSelectedChannels([channel]);
    writeSelectedPlan("pro");
    writeCalculatedPrice(29.99);
    writeUserEmail("reader@example.com");
    localStorage.setItem("userEmail", "kept@example.com");
    forgetFunnel();
    expect(readSelectedChannels()).toEqual([]);
    expect(readSelectedPlan()).toBeNull();
    expect(readCalculatedPrice()).toBeNull();
    expect(readUserEmail()).toBeNull();
  });

  it("falls back to local storage for the e-mail", () => {
    localStorage.setItem("userEmail", "kept@example.com");
    expect(readUserEmail()).toBe("kept@example.com");
  });

  it("forgets quietly when storage refuses", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    });
    expect(() => writeSelectedPlan("solo")).not.toThrow();
    expect(readSelectedPlan()).toBeNull();
  });
});

describe("the abandonment marker", () => {
  const day = 24 * 60 * 60 * 1000;

  it("is kept per e-mail in local storage for 7 days", () => {
    const now = Date.UTC(2026, 0, 5);
    expect(abandonmentSentAt("a@example.com")).toBeNull();
    markAbandonmentSent("A@example.com", now);
    expect(abandonmentSentAt("a@example.com")).toBe(now);
    expect(abandonmentRecentlySent("a@example.com", now + 6 * day)).toBe(true);
    expect(abandonmentRecentlySent("a@example.com", now + 7 * day)).toBe(false);
    expect(abandonmentRecentlySent("b@example.com", now)).toBe(false);
  });
});
