import { randomUUID } from "node:crypto";
import { eventually } from "@tubedigest/testing/eventually";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryMarkdown } from "../src/summaries/summary-markdown.ts";
import { sentNewsletterRow } from "./support/newsletter-row.ts";
import { asUser, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { readySummaryRow } from "./support/summary-row.ts";
import { controlledWriter } from "./support/test-writers.ts";

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe("a reader's archive search and shared summaries, from the newsletters they received (Postgres)", () => {
  let summariser: SummariserUnderTest;
  const reader = randomUUID();
  const stranger = randomUUID();
  const first = { id: randomUUID(), createdAt: new Date("2026-11-16T09:00:00Z") };
  const second = { id: randomUUID(), createdAt: new Date("2026-11-23T09:00:00Z") };
  const strangers = { id: randomUUID(), createdAt: new Date("2026-11-23T09:00:00Z") };

  const rockets = {
    title: "Rocket engines",
    url: watch("rocketengin"),
    publishedAt: "2026-11-20T18:00:00.000Z",
    summaryMarkdown: summaryMarkdown(
      "rocketengin",
      readySummaryRow({
        key_points: [
          { text: "Nozzles shape the *exhaust*.", startSeconds: 108 },
          { text: "A rocket carries its own oxidiser.", startSeconds: null },
        ],
        paragraph: "Engines burn fuel with the oxidiser they carry, so they work where there is no air.",
        basis: "description",
      }),
    ),
  };
  const bread = {
    title: "Sourdough at home",
    url: watch("sourdoughvv"),
    // Written before every video carried its date.
    publishedAt: "",
    summaryMarkdown: summaryMarkdown(
      "sourdoughvv",
      readySummaryRow({
        key_points: [],
        paragraph: "A starter needs flour, water and patience over a week.",
      }),
    ),
  };

  const newsletter = (
    id: string,
    userId: string,
    createdAt: Date,
    channels: { title: string; videos: (typeof rockets)[] }[],
  ) => sentNewsletterRow({ id, userId, createdAt, weekKey: `now:${createdAt.toISOString()}`, channels });

  beforeAll(async () => {
    summariser = await startSummariser({ writer: controlledWriter().writer });
    await summariser.database.db
      .insertInto("newsletters")
      .values([
        newsletter(first.id, reader, first.createdAt, [{ title: "Kitchen", videos: [bread] }]),
        newsletter(second.id, reader, second.createdAt, [
          { title: "Pocket Orbit", videos: [rockets] },
          { title: "Kitchen", videos: [bread] },
        ]),
        newsletter(strangers.id, stranger, strangers.createdAt, [
          { title: "Pocket Orbit", videos: [rockets] },
        ]),
      ])
      .execute();
  });
  afterAll(() => summariser.stop());

  const search = async (userId: string, q: string) => {
    const reply = await summariser.app.inject({
      method: "GET",
      url: `/api/archive/search?q=${encodeURIComponent(q)}`,
      headers: asUser(userId),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().results;
  };

  it("finds a video by a key point, with the point as read (moment and all)", async () => {
    expect(await search(reader, "nozzles")).toEqual([
      {
        newsletterId: second.id,
        receivedAt: second.createdAt.toISOString(),
        channel: "Pocket Orbit",
        video: { title: "Rocket engines", url: rockets.url, publishedAt: "2026-11-20T18:00:00.000Z" },
        keyPoint: {
          text: "Nozzles shape the *exhaust*.",
          moment: { label: "1:48", url: `${rockets.url}&t=108s` },
        },
        excerpt: null,
      },
    ]);
  });

  it("finds a video by its paragraph, with a piece of it, but not by the note on its source", async () => {
    // A reader searching for the first time: their newsletter is indexed by this search.
    const listener = randomUUID();
    await summariser.database.db
      .insertInto("newsletters")
      .values(
        newsletter(randomUUID(), listener, second.createdAt, [{ title: "Pocket Orbit", videos: [rockets] }]),
      )
      .execute();
    const [match] = await search(listener, "air");
    expect(match).toMatchObject({ channel: "Pocket Orbit", keyPoint: null });
    expect(match.excerpt).toContain("they work where there is no air.");
    expect(await search(listener, "description")).toEqual([]);
    expect(await search(reader, "description")).toEqual([]);
  });

  it("finds every newsletter that carried a video, newest first, each indexed once; a lost date stays unknown", async () => {
    // Searched twice: the second search indexes nothing again.
    await search(reader, "starter");
    const matches = await search(reader, "starter");
    expect(
      matches.map((match: { newsletterId: string; video: { publishedAt: string | null } }) => [
        match.newsletterId,
        match.video.publishedAt,
      ]),
    ).toEqual([
      [second.id, null],
      [first.id, null],
    ]);
  });

  it("finds nothing of a newsletter made but never mailed, and finds it once the mailer reports it sent", async () => {
    // A newsletter the mailer skipped (the reader unsubscribed before it went) was never received.
    const unsubscribed = randomUUID();
    const made = { id: randomUUID(), createdAt: new Date("2026-11-30T09:00:00Z") };
    await summariser.database.db
      .insertInto("newsletters")
      .values({
        ...newsletter(made.id, unsubscribed, made.createdAt, [{ title: "Pocket Orbit", videos: [rockets] }]),
        sent_at: null,
      })
      .execute();
    expect(await search(unsubscribed, "nozzles")).toEqual([]);

    const sentAt = new Date("2026-11-30T09:00:04Z");
    await summariser.testBus.bus.publish(
      "newsletter.sent",
      { newsletterId: made.id, userId: unsubscribed, sentAt: sentAt.toISOString() },
      { correlationId: randomUUID() },
    );
    const found = await eventually(async () => {
      const matches = await search(unsubscribed, "nozzles");
      return matches.length > 0 ? matches : undefined;
    });
    expect(found).toMatchObject([{ newsletterId: made.id, receivedAt: sentAt.toISOString() }]);
  });

  it("searches the reader's own newsletters only", async () => {
    expect(await search(randomUUID(), "nozzles")).toEqual([]);
    expect(
      (await search(stranger, "nozzles")).map((match: { newsletterId: string }) => match.newsletterId),
    ).toEqual([strangers.id]);
  });

  const share = (userId: string, body: { newsletterId: string; videoUrl: string }) =>
    summariser.app.inject({
      method: "POST",
      url: "/api/shared-summaries",
      headers: asUser(userId),
      payload: body,
    });

  it("shares a video of a newsletter the reader received, by a link anyone can read, the same link each time", async () => {
    const shared = await share(reader, { newsletterId: second.id, videoUrl: rockets.url });
    expect(shared.statusCode, shared.body).toBe(200);
    const { id, path } = shared.json();
    expect(path).toBe(`/s/${id}`);
    const read = await summariser.app.inject({ method: "GET", url: `/api/shared-summaries/${id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      id,
      title: "Rocket engines",
      url: rockets.url,
      channel: "Pocket Orbit",
      publishedAt: "2026-11-20T18:00:00.000Z",
      summaryMarkdown: rockets.summaryMarkdown,
    });
    expect((await share(reader, { newsletterId: second.id, videoUrl: rockets.url })).json().id).toBe(id);

    const undated = await share(reader, { newsletterId: second.id, videoUrl: bread.url });
    expect(undated.statusCode, undated.body).toBe(200);
    const breadPage = await summariser.app.inject({
      method: "GET",
      url: `/api/shared-summaries/${undated.json().id}`,
    });
    expect(breadPage.json()).toMatchObject({
      title: "Sourdough at home",
      channel: "Kitchen",
      publishedAt: null,
    });
  });

  it("refuses to share what the reader did not receive: another's newsletter, a video not in it, an unknown one", async () => {
    for (const reply of [
      await share(reader, { newsletterId: strangers.id, videoUrl: rockets.url }),
      await share(reader, { newsletterId: first.id, videoUrl: rockets.url }),
      await share(reader, { newsletterId: randomUUID(), videoUrl: rockets.url }),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        message:
          "We could not find that video in your newsletters. Open the newsletter and share it from there.",
      });
    }
  });

  it("answers a share for no cache to keep, so once its reader stops sharing it the next read is a 404", async () => {
    const { id } = (await share(reader, { newsletterId: second.id, videoUrl: rockets.url })).json();
    const read = () => summariser.app.inject({ method: "GET", url: `/api/shared-summaries/${id}` });
    const stop = (userId: string) =>
      summariser.app.inject({
        method: "DELETE",
        url: `/api/shared-summaries/${id}`,
        headers: asUser(userId),
      });
    const shared = await read();
    expect(shared.statusCode).toBe(200);
    expect(shared.headers["cache-control"]).toBe("private, no-store");

    expect((await stop(stranger)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(200);
    expect((await stop(reader)).statusCode).toBe(200);
    const stopped = await read();
    expect(stopped.statusCode).toBe(404);
    expect(stopped.headers["cache-control"]).toBe("private, no-store");
  });
});
