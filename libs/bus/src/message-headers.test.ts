import { describe, expect, it } from "vitest";
import { attemptOf, messageHeaders, stringHeader } from "./message-headers.ts";

describe("message headers", () => {
  it.each([
    [undefined, 1],
    [{}, 1],
    [{ [messageHeaders.attempt]: 3 }, 3],
    [{ [messageHeaders.attempt]: "2" }, 2],
    [{ [messageHeaders.attempt]: 1 }, 1],
    [{ [messageHeaders.attempt]: 0 }, 1],
    [{ [messageHeaders.attempt]: -2 }, 1],
    [{ [messageHeaders.attempt]: 1.5 }, 1],
    [{ [messageHeaders.attempt]: "x" }, 1],
  ])("read the attempt of %j as %i", (headers, attempt) => {
    expect(attemptOf(headers)).toBe(attempt);
  });

  it("read a header as text whichever way the broker delivered it, and a missing one as nothing", () => {
    const headers = { text: "why", bytes: Buffer.from("bytes é"), number: 7, nothing: null, zero: 0 };
    expect(stringHeader(headers, "text")).toBe("why");
    expect(stringHeader(headers, "bytes")).toBe("bytes é");
    expect(stringHeader(headers, "number")).toBe("7");
    expect(stringHeader(headers, "zero")).toBe("0");
    expect(stringHeader(headers, "nothing")).toBeUndefined();
    expect(stringHeader(headers, "absent")).toBeUndefined();
    expect(stringHeader(undefined, "text")).toBeUndefined();
  });
});
