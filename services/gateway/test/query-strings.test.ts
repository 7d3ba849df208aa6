import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test-stack.ts";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack("real");
});
afterAll(() => stack.stop());

describe("query strings with invalid percent-encoding", () => {
  const message =
    "The query string is not valid: each % must begin a percent-encoded UTF-8 character, such as %20.";

  it.each(["/api/youtube/search?query=a%C0", "/api/youtube/search?query=%", "/api/user/channels?x=%E0%A4"])(
    "are a 400 with a message through the gateway: %s",
    async (url) => {
      const response = await stack.gateway.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    },
  );

  it("are a 400 with a message from catalog directly", async () => {
    const response = await fetch(`${stack.services.catalog}/api/youtube/search?query=a%C0`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});
