import { uniqueName } from "@tubedigest/testing/test-infra";
import type { FakeYoutubeApi } from "@tubedigest/testing/youtube";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { Browser, sharedTestStack, type TestStack } from "./test-stack.ts";

const base64 = (text: string) => Buffer.from(text).toString("base64");

/** A Takeout subscriptions.csv of the channels, each row padded with a long title up to `rows` rows. */
function takeout(ids: readonly string[], rows = ids.length, titleLength = 20): string {
  const lines = Array.from({ length: rows }, (_, i) => {
    const id = ids[i % ids.length] as string;
    return `${id},http://www.youtube.com/channel/${id},${"T".repeat(titleLength)}`;
  });
  return ["Channel Id,Channel Url,Channel Title", ...lines, ""].join("\n");
}

describe("the subscriptions import through the gateway (real parts, fake YouTube Data API)", () => {
  let stack: TestStack;
  let youtube: FakeYoutubeApi;
  const ids = Array.from({ length: 30 }, () => channelId());

  beforeAll(async () => {
    stack = await sharedTestStack("real");
    if (!stack.youtube) throw new Error("the real stack talks to the fake Data API");
    youtube = stack.youtube;
    for (const [i, id] of ids.entries()) {
      youtube.addChannel({
        id,
        title: `Import fixture ${i}`,
        description: "",
        thumbnailUrl: `https://example.invalid/${id}.jpg`,
        subscriberCount: 100 + i,
      });
    }
  });
  afterAll(() => stack.stop());

  async function signUp(): Promise<Browser> {
    const browser = new Browser(stack.gateway);
    const made = await browser.call("POST", "/api/auth/register", {
      email: `${uniqueName("importer")}@example.com`,
      password: "password123",
    });
    expect(made.statusCode).toBe(201);
    return browser;
  }

  it("refuses a visitor's lookup and follow before reading the body, even one past the limit", async () => {
    const visitor = new Browser(stack.gateway);
    const signIn = { message: "Please sign in to continue." };
    for (const file of [takeout(ids), "x".repeat(3 * 1024 * 1024)]) {
      const preview = await visitor.call("POST", "/api/user/channels/import/preview", { file: base64(file) });
      expect(preview.statusCode).toBe(401);
      expect(preview.json()).toEqual(signIn);
    }
    const follow = await visitor.call("POST", "/api/user/channels/import", { youtubeChannelIds: [ids[0]] });
    expect(follow.statusCode).toBe(401);
    expect(follow.json()).toEqual(signIn);
  });

  it("looks up a file of almost 1 MB and follows the chosen 5 in one request", async () => {
    const reader = await signUp();
    // 4,000 rows of about 250 bytes: far past the gateway's usual body limit, within the import's.
    const file = takeout(ids, 4_000, 170);
    expect(file.length).toBeGreaterThan(900_000);
    expect(file.length).toBeLessThan(1024 * 1024);
    const preview = await reader.call("POST", "/api/user/channels/import/preview", { file: base64(file) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().channels).toHaveLength(30);
    expect(preview.json().channels[0]).toEqual({
      youtubeChannelId: ids[0],
      title: "Import fixture 0",
      thumbnailUrl: `https://example.invalid/${ids[0]}.jpg`,
      subscriberCount: 100,
      following: false,
    });

    const chosen = ids.slice(10, 15);
    const imported = await reader.call("POST", "/api/user/channels/import", { youtubeChannelIds: chosen });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().added).toEqual(chosen);
    expect((await reader.call("GET", "/api/auth/current-user")).json()).toMatchObject({ channelCount: 5 });
  });

  it("passes a file over 1 MB on to catalog, which says so, and refuses a sixth channel whole", async () => {
    const reader = await signUp();
    const tooLarge = takeout(ids, 4_000, 300);
    expect(tooLarge.length).toBeGreaterThan(1024 * 1024);
    const refused = await reader.call("POST", "/api/user/channels/import/preview", {
      file: base64(tooLarge),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/^This file is larger than 1 MB\./);

    const six = await reader.call("POST", "/api/user/channels/import", {
      youtubeChannelIds: ids.slice(0, 6),
    });
    expect(six.statusCode).toBe(403);
    expect(six.json().message).toMatch(/^You chose 6 channels to add and 5 more fit\./);
    expect((await reader.call("GET", "/api/user/channels")).json()).toEqual([]);
  });

  it("describes both routes in the OpenAPI description", async () => {
    const document = (await new Browser(stack.gateway).call("GET", "/api/openapi.json")).json();
    expect(Object.keys(document.paths["/api/user/channels/import/preview"] ?? {})).toEqual(["post"]);
    expect(Object.keys(document.paths["/api/user/channels/import"] ?? {})).toEqual(["post"]);
    expect(
      document.paths["/api/user/channels/import"].post.requestBody.content["application/json"].schema,
    ).toMatchObject({ required: ["youtubeChannelIds"] });
  });
});
