import { randomUUID } from "node:crypto";
import { MALFORMED_QUERY } from "@tubedigest/http";
import {
  ANY_CONTENT_TYPE,
  hasInvalidPercentEncoding,
  hostileBodies,
  hostileQueries,
  hostileText,
  nearValid,
  urlSpellings,
  youtubeChannelId,
} from "@tubedigest/testing/hostile-input";
import { type RawResponse, rawHttpRequest } from "@tubedigest/testing/raw-http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type CatalogUnderTest, startCatalog } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

// Mostly a signed-in user, so the request gets past the caller check to the database.
const caller = fc.oneof(
  { weight: 3, arbitrary: fc.constant(randomUUID()) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).filter((text) => /^[\x21-\x7e]*$/.test(text)) },
);

const searchText = fc.string({ unit: "grapheme", minLength: 2, maxLength: 40 });

describe("bad input to every catalog route", () => {
  let catalog: CatalogUnderTest;
  let port: number;
  const channel = fakeChannel();
  // Known, unknown, near-valid and hostile ids, spelled into the path as a client might.
  const idSegment = urlSpellings(
    fc.oneof(
      fc.constant(channel.id),
      youtubeChannelId,
      nearValid(fc.constant(channel.id)),
      hostileText(40),
      fc.constantFrom(".", "..", "%", "@x", "https://www.youtube.com/@x"),
    ),
  );

  beforeAll(async () => {
    // Quota enough that valid searches never run out of it: a 503 for a spent quota is not the point here.
    catalog = await startCatalog({ youtube: { dailyQuotaUnits: 10_000_000 } });
    catalog.fake.addChannel(channel);
    const address = new URL(await catalog.app.listen({ port: 0, host: "127.0.0.1" }));
    port = Number(address.port);
  });
  afterAll(() => catalog.stop());

  function expectClientError(response: { status: number; body: string }, sent: string) {
    expect(response.status, sent).toBeLessThan(500);
    if (response.status >= 400) expect(typeof JSON.parse(response.body).message, sent).toBe("string");
  }

  /** Invalid percent-encoding is a 400 saying so, never read as some other text. */
  function expectQueryChecked(response: { status: number; body: string }, query: string, sent: string) {
    if (!hasInvalidPercentEncoding(query)) return;
    expect({ status: response.status, body: JSON.parse(response.body) }, sent).toEqual({
      status: 400,
      body: { message: MALFORMED_QUERY },
    });
  }

  /** A request line written as given, so invalid encodings and raw bytes reach catalog's router. */
  const raw = (target: string, user?: string, method = "GET"): Promise<RawResponse> =>
    rawHttpRequest(port, { method, target, headers: user === undefined ? {} : asUser(user) });

  it("GET /api/youtube/search answers hostile query strings 4xx with a message, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileQueries({ query: searchText }), async (query) => {
        const target = `/api/youtube/search?${query}`;
        const response = await raw(target);
        expectClientError(response, target);
        expectQueryChecked(response, query, target);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/user/channels answers bad bodies 4xx with a message, never 5xx", async () => {
    const body = hostileBodies({
      youtubeChannelId: fc.oneof(fc.constant(channel.id), youtubeChannelId),
      title: fc.string({ unit: "grapheme", maxLength: 60 }),
      description: fc.string({ unit: "grapheme", maxLength: 200 }),
      thumbnailUrl: fc.webUrl(),
      subscriberCount: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(body, ANY_CONTENT_TYPE, caller, async (payload, contentType, user) => {
        const response = await catalog.app.inject({
          method: "POST",
          url: "/api/user/channels",
          payload,
          headers: { "content-type": contentType, ...(user === undefined ? {} : asUser(user)) },
        });
        expectClientError({ status: response.statusCode, body: response.body }, payload);
      }),
      { numRuns: 150 },
    );
  });

  it("the subscriptions import answers bad bodies and hostile files 4xx with a message, never 5xx", async () => {
    // Files as a reader might send them: random bytes, hostile text, and CSV or OPML around hostile rows.
    const row = fc.tuple(
      fc.oneof(fc.constant(channel.id), youtubeChannelId, hostileText(30)),
      hostileText(40),
    );
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      hostileText(300).map((text) => Buffer.from(text)),
      fc
        .array(row, { maxLength: 8 })
        .map((rows) =>
          Buffer.from(
            ["Channel Id,Channel Url,Channel Title", ...rows.map((cells) => cells.join(","))].join("\r\n"),
          ),
        ),
      fc
        .array(row, { maxLength: 8 })
        .map((rows) =>
          Buffer.from(
            `<opml><body>${rows.map(([id, title]) => `<outline text="${title}" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${id}"/>`).join("")}</body></opml>`,
          ),
        ),
    );
    const previewBody = fc.oneof(
      file.map((bytes) => JSON.stringify({ file: bytes.toString("base64") })),
      hostileBodies({
        file: fc.oneof(
          file.map((bytes) => bytes.toString("base64")),
          hostileText(100),
        ),
      }),
    );
    const importBody = hostileBodies({
      youtubeChannelIds: fc.array(fc.oneof(fc.constant(channel.id), youtubeChannelId, hostileText(30)), {
        maxLength: 6,
      }),
    });
    const request = fc.oneof(
      previewBody.map((payload) => ["/api/user/channels/import/preview", payload] as const),
      importBody.map((payload) => ["/api/user/channels/import", payload] as const),
    );
    await fc.assert(
      fc.asyncProperty(request, ANY_CONTENT_TYPE, caller, async ([url, payload], contentType, user) => {
        const response = await catalog.app.inject({
          method: "POST",
          url,
          payload,
          headers: { "content-type": contentType, ...(user === undefined ? {} : asUser(user)) },
        });
        expectClientError({ status: response.statusCode, body: response.body }, `${url} ${payload}`);
      }),
      { numRuns: 200 },
    );
  });

  it("the channel list, its ids and the account summary answer bad ids, queries and callers 4xx, never 5xx", async () => {
    const noParams = hostileQueries({});
    await fc.assert(
      fc.asyncProperty(idSegment, noParams, caller, async (id, query, user) => {
        for (const [method, target] of [
          ["DELETE", `/api/user/channels/${id}`],
          ["DELETE", `/api/user/channels/${id}?${query}`],
        ] as const) {
          expectClientError(await raw(target, user, method), target);
        }
        for (const target of [`/api/user/channels?${query}`, `/internal/account-summary?${query}`]) {
          const response = await raw(target, user);
          expectClientError(response, target);
          expectQueryChecked(response, query, target);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("GET /internal/channels/{id}/videos answers bad ids and dates 4xx, never 5xx", async () => {
    const since = fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.constantFrom(
        "2026-01-05T23:59:60Z",
        "9999-12-31T23:59:59Z",
        "0000-01-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
      ),
    );
    await fc.assert(
      fc.asyncProperty(idSegment, hostileQueries({ since }), async (id, query) => {
        const target = `/internal/channels/${id}/videos?${query}`;
        expectClientError(await raw(target), target);
      }),
      { numRuns: 100 },
    );
  });

  it("GET /internal/channels/videos answers bad id lists and dates 4xx, never 5xx", async () => {
    const ids = fc.oneof(
      fc
        .array(fc.oneof(fc.constant(channel.id), youtubeChannelId, nearValid(fc.constant(channel.id))), {
          maxLength: 60,
        })
        .map((list) => list.join(",")),
      hostileText(80),
    );
    const since = fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.constantFrom("2026-01-05T23:59:60Z", "0000-01-01T00:00:00Z", "2026-02-30T00:00:00Z"),
    );
    await fc.assert(
      fc.asyncProperty(hostileQueries({ ids, since }), async (query) => {
        const target = `/internal/channels/videos?${query}`;
        const response = await raw(target);
        expectClientError(response, target);
        expectQueryChecked(response, query, target);
      }),
      { numRuns: 100 },
    );
  });
});
