import { createHash } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { listenLocally } from "./local-http-server.ts";

export interface FakeSponsorSegment {
  start: number;
  end: number;
  /** "sponsor", "selfpromo", "intro", … */
  category: string;
}

export interface FakeSponsorBlock {
  /** Give this as SPONSORBLOCK_URL. */
  readonly baseUrl: string;
  readonly calls: number;
  addSegments(videoId: string, segments: FakeSponsorSegment[]): void;
  /** Every request answered 503 until `heal`. */
  breakDown(): void;
  heal(): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for SponsorBlock's `GET /api/skipSegments/{sha256 prefix}?categories=[…]`: every
 * video of the bucket with its segments in the asked categories, 404 when none, and an outage on request.
 */
export async function startFakeSponsorBlock(): Promise<FakeSponsorBlock> {
  const videos = new Map<string, FakeSponsorSegment[]>();
  let broken = false;
  let calls = 0;
  const server = createServer((request, response) => {
    calls += 1;
    const url = new URL(request.url ?? "/", "http://fake");
    const prefix = /^\/api\/skipSegments\/([0-9a-f]{4,32})$/.exec(url.pathname)?.[1];
    if (broken) return send(response, 503, "Service Unavailable");
    if (!prefix) return send(response, 400, "Bad Request");
    const categories = JSON.parse(url.searchParams.get("categories") ?? '["sponsor"]') as string[];
    const matches = [...videos.entries()]
      .filter(([videoId]) => createHash("sha256").update(videoId).digest("hex").startsWith(prefix))
      .map(([videoID, segments]) => ({
        videoID,
        hash: createHash("sha256").update(videoID).digest("hex"),
        segments: segments
          .filter((segment) => categories.includes(segment.category))
          .map((segment, i) => ({
            segment: [segment.start, segment.end],
            UUID: `${videoID}-${i}`,
            category: segment.category,
            actionType: "skip",
            locked: 0,
            votes: 3,
            videoDuration: 0,
          })),
      }))
      .filter((match) => match.segments.length > 0);
    if (matches.length === 0) return send(response, 404, "Not Found");
    send(response, 200, JSON.stringify(matches));
  });
  const listening = await listenLocally(server, "The fake SponsorBlock");
  return {
    baseUrl: `${listening.origin}`,
    get calls() {
      return calls;
    },
    addSegments: (videoId, segments) => videos.set(videoId, segments),
    breakDown() {
      broken = true;
    },
    heal() {
      broken = false;
    },
    close: listening.close,
  };
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "content-type": status === 200 ? "application/json" : "text/plain" });
  response.end(body);
}
