import { createServer } from "node:http";
import { listenLocally } from "./local-http-server.ts";

/** The token the fake provider gives for a video, and the only one the fake captions take for it. */
export const fakePoTokenFor = (videoId: string) => `fake-pot-${videoId}`;

export interface FakePoTokenProvider {
  /** Give this as PO_TOKEN_PROVIDER_URL. */
  readonly baseUrl: string;
  /** The content binding (video id) of each token asked for, failed ones included. */
  readonly bindings: string[];
  /** The token it gives for a video: what the fake captions accept as `pot`. */
  tokenFor(videoId: string): string;
  /** The next `times` requests answer 500, as a provider whose BotGuard run failed does. */
  fail(times: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for bgutil's PO-token provider server: `POST /get_pot` with a `content_binding` answers
 * `{ poToken, contentBinding, expiresAt }`.
 */
export async function startFakePoTokenProvider(): Promise<FakePoTokenProvider> {
  const bindings: string[] = [];
  let failures = 0;
  const tokenFor = fakePoTokenFor;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/get_pot") {
        response.writeHead(404).end();
        return;
      }
      let binding = "";
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { content_binding?: unknown };
        binding = typeof body.content_binding === "string" ? body.content_binding : "";
      } catch {
        // An unreadable body gets the 400 below.
      }
      bindings.push(binding);
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "Failed to generate PO token" }));
        return;
      }
      if (binding === "") {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "content_binding is required" }));
        return;
      }
      const expiresAt = new Date(Date.now() + 6 * 3600_000).toISOString();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ poToken: tokenFor(binding), contentBinding: binding, expiresAt }));
    });
  });
  const listening = await listenLocally(server, "The fake PO-token provider");
  return {
    baseUrl: `${listening.origin}`,
    bindings,
    tokenFor,
    fail(times) {
      failures = times;
    },
    close: listening.close,
  };
}
