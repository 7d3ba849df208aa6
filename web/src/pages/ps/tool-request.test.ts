import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { isUnavailable, isWrongPassword, toolErrorText } from "./tool-request.ts";

describe("toolErrorText, the hidden tool's failure text", () => {
  it("prefers the server's message", () => {
    expect(toolErrorText(new ApiError(401, { message: "Incorrect password" }, "401: …"))).toBe(
      "Incorrect password",
    );
  });

  it("says the video failed for a JSON answer without a message", () => {
    expect(toolErrorText(new ApiError(500, {}, "500: {}"))).toBe("Failed to process the YouTube video");
  });

  it("names the status of an answer that is not the API's JSON", () => {
    expect(toolErrorText(new ApiError(502, undefined, "502: Bad Gateway"))).toBe(
      "Server error: 502 Bad Gateway",
    );
  });

  it("has its own words when no answer came at all", () => {
    expect(toolErrorText(new TypeError("Failed to fetch"))).toBe(
      "An error occurred while processing the video",
    );
  });
});

describe("what a refusal means", () => {
  it("tells a wrong password (401) from a tool that cannot run now (503)", () => {
    const off = new ApiError(503, { message: "The summary tool is not available right now." }, "503: …");
    const wrong = new ApiError(401, { message: "Incorrect password" }, "401: …");
    expect([isUnavailable(off), isWrongPassword(off)]).toEqual([true, false]);
    expect([isUnavailable(wrong), isWrongPassword(wrong)]).toEqual([false, true]);
    expect(isUnavailable(new TypeError("Failed to fetch"))).toBe(false);
  });
});
