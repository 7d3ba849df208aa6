import { randomUUID } from "node:crypto";
import { ANY_CONTENT_TYPE, hostileBodies } from "@tubedigest/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type CatalogUnderTest, startCatalog } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

/** Text a careless or hostile client might put in a query string or a path segment. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "a",
    "%",
    "%00",
    "../..",
    "UC",
    "@",
    "@x",
    "https://www.youtube.com/@",
    "\u0000",
    "ab".repeat(600),
  ),
  fc.jsonValue().map((value) => JSON.stringify(value)),
);

const caller = fc.oneof(
  fc.constant(undefined),
  fc.constant(randomUUID()),
  fc.string({ maxLength: 60 }).filter((text) => /^[\x21-\x7e]*$/.test(text)),
);

describe("bad input to every catalog route", () => {
  let catalog: CatalogUnderTest;
  const channel = fakeChannel();
  beforeAll(async () => {
    catalog = await startCatalog();
    catalog.fake.addChannel(channel);
  });
  afterAll(() => catalog.stop());

  async function expectClientError(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400)
      expect(typeof (response.json() as { message: unknown }).message).toBe("string");
  }

  it("GET /api/youtube/search answers bad queries 4xx with a message, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(nastyText, fc.boolean(), async (query, raw) => {
        // Half the time the text goes in unencoded, as a sloppy client would send it.
        const encoded = raw ? query.replace(/[#?&\s]/g, encodeURIComponent) : encodeURIComponent(query);
        const response = await catalog.app.inject({
          method: "GET",
          url: `/api/youtube/search?query=${encoded}&query=${raw ? "" : "x"}`,
        });
        await expectClientError(response);
      }),
      { numRuns: 80 },
    );
  });

  it("POST /api/user/channels answers bad bodies 4xx with a message, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBodies(["youtubeChannelId", "title", "description", "thumbnailUrl", "subscriberCount"]),
        ANY_CONTENT_TYPE,
        caller,
        async (body, contentType, user) => {
          const response = await catalog.app.inject({
            method: "POST",
            url: "/api/user/channels",
            payload: body,
            headers: { "content-type": contentType, ...(user === undefined ? {} : asUser(user)) },
          });
          await expectClientError(response);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("DELETE /api/user/channels/{id} and GET /api/user/channels answer bad ids and callers 4xx, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(nastyText, caller, async (id, user) => {
        const headers = user === undefined ? {} : asUser(user);
        const url = `/api/user/channels/${encodeURIComponent(id)}`;
        await expectClientError(await catalog.app.inject({ method: "DELETE", url, headers }));
        await expectClientError(
          await catalog.app.inject({ method: "GET", url: "/api/user/channels", headers }),
        );
        await expectClientError(
          await catalog.app.inject({ method: "GET", url: "/internal/account-summary", headers }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("GET /internal/channels/{id}/videos answers bad ids and dates 4xx, never 5xx", async () => {
    const since = fc.oneof(
      nastyText,
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.constantFrom(
        "2026-01-05T23:59:60Z",
        "9999-12-31T23:59:59Z",
        "0000-01-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
      ),
    );
    const id = fc.oneof(nastyText, fc.constant(channel.id), fc.constant("UCnobodyhasthischannel00"));
    await fc.assert(
      fc.asyncProperty(id, since, async (channelId, sinceText) => {
        const url = `/internal/channels/${encodeURIComponent(channelId)}/videos?since=${encodeURIComponent(sinceText)}`;
        await expectClientError(await catalog.app.inject({ method: "GET", url }));
      }),
      { numRuns: 80 },
    );
  });
});
