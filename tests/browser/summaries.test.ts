import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RunningProduct } from "@tubedigest/standalone";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIGURED_SITE, sharedTestProduct, uniqueEmail, WEB_DIST } from "./support.ts";

const TOOL_PASSWORD = CONFIGURED_SITE.SUMMARY_TOOL_PASSWORD;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("summaries in the product as `make start` runs it, with no keys", () => {
  let product: RunningProduct | undefined;

  beforeAll(async () => {
    product = await sharedTestProduct(CONFIGURED_SITE);
  });

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${product?.url}${url}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answers are checked field by field below
    return { status: response.status, body: (await response.json()) as any };
  };

  it("previews two demo channels with readable summaries of their demo transcripts", async () => {
    const search = await call("GET", "/api/youtube/search?query=demo");
    const channels = search.body.slice(0, 2).map((hit: { id: string; snippet: { title: string } }) => ({
      youtubeId: hit.id,
      title: hit.snippet.title,
    }));
    expect(channels).toHaveLength(2);
    const preview = await call("POST", "/api/generate-newsletter-preview", {
      email: uniqueEmail("summaries"),
      channels,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.pending).toBe(0);
    expect(preview.body.content).toMatch(
      /^- \*\*[A-Z][^*]{30,}\.\*\* \(\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=/m,
    );
    expect(preview.body.channels.every((channel: { videoCount: number }) => channel.videoCount > 0)).toBe(
      true,
    );
  });

  it("keeps the hidden tool's password on the server: it works there and is in no file of the web app", async () => {
    const summary = await call("POST", "/api/process-youtube-video", {
      youtubeUrl: "https://youtu.be/UBZkHdEg7-z",
      password: TOOL_PASSWORD,
    });
    expect(summary.status).toBe(200);
    expect(summary.body.title).toBe("Rocket engines: a beginner's guide");
    // The build's .br and .gz files are compressed copies of the files read here.
    const webFiles = [...filesUnder(WEB_DIST), ...filesUnder(path.join(WEB_DIST, "..", "src"))].filter(
      (file) => !/\.(?:br|gz)$/.test(file),
    );
    expect(webFiles.length).toBeGreaterThan(1);
    for (const file of webFiles) {
      const text = readFileSync(file, "utf8");
      expect(text.includes(TOOL_PASSWORD), file).toBe(false);
      expect(text.includes("SUMMARY_TOOL_PASSWORD"), file).toBe(false);
    }
  });
});
