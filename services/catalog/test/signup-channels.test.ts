import { randomUUID } from "node:crypto";
import { forgetAccount } from "@tubedigest/bus";
import { createEvent } from "@tubedigest/contracts";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listFollowedChannels } from "../src/domain/list-followed-channels.ts";
import { followSignupChannels } from "../src/events/follow-signup-channels.ts";
import { type ContextUnderTest, startContext } from "./support/catalog-harness.ts";
import { channelId, fakeChannel } from "./support/youtube-fixtures.ts";

const delivery = { log: pino({ level: "silent" }), attempt: 1, queue: "catalog.signup-channels" };

/** A landing-page sign-up that picked these channels. */
function registered(userId: string, youtubeIds: string[]) {
  return createEvent(
    "user.registered",
    {
      userId,
      email: "landing@example.com",
      fullName: null,
      passwordless: true,
      selectedChannels: youtubeIds.map((youtubeId) => ({
        youtubeId,
        title: "As the search showed it",
        description: "",
        thumbnailUrl: "",
        subscriberCount: 1,
      })),
    },
    { correlationId: "landing-signup" },
  );
}

describe("following the channels picked on the landing page (user.registered)", () => {
  let harness: ContextUnderTest;
  beforeEach(async () => {
    harness = await startContext();
  });
  afterEach(() => harness.stop());

  const followedIds = async (userId: string) =>
    (await listFollowedChannels(harness.context, userId)).map((channel) => channel.youtube_channel_id);

  // Kills the mutant that treats every failure as permanent
  // (services/catalog/src/events/follow-signup-channels.ts): the event would be acked and the pick lost.
  it.each([
    ["is not answering", { kind: "serverError" } as const],
    ["has no quota left", { kind: "quotaExceeded" } as const],
  ])(
    "fails the delivery while YouTube %s, so the bus retries it, and follows on the retry",
    async (_name, fault) => {
      const channel = fakeChannel();
      harness.fake.addChannel(channel);
      const userId = randomUUID();
      const event = registered(userId, [channel.id]);
      const handle = followSignupChannels(harness.context);

      harness.fake.fail("channels", fault);
      await expect(handle(event, delivery)).rejects.toMatchObject({ statusCode: 503 });
      expect(await followedIds(userId)).toEqual([]);

      harness.fake.heal();
      // The quota ledger remembers YouTube's refusal for the rest of the Pacific day.
      harness.setNow(new Date(Date.now() + 24 * 60 * 60 * 1000));
      await handle(event, { ...delivery, attempt: 2 });
      expect(await followedIds(userId)).toEqual([channel.id]);
    },
  );

  it("skips a channel YouTube does not know and those past the trial's allowance, and follows the rest", async () => {
    const channels = Array.from({ length: 6 }, () => fakeChannel());
    for (const channel of channels) harness.fake.addChannel(channel);
    const unknown = channelId();
    const userId = randomUUID();
    const picked = [channels[0]?.id ?? "", unknown, ...channels.slice(1).map((channel) => channel.id)];

    await followSignupChannels(harness.context)(registered(userId, picked), delivery);
    expect((await followedIds(userId)).sort()).toEqual(
      channels
        .slice(0, 5)
        .map((channel) => channel.id)
        .sort(),
    );
  });

  it("follows nothing for an account erased before its sign-up arrived", async () => {
    const channel = fakeChannel();
    harness.fake.addChannel(channel);
    const [gone, other] = [randomUUID(), randomUUID()];
    await harness.context.db.transaction().execute((trx) => forgetAccount(trx, gone));

    await followSignupChannels(harness.context)(registered(gone, [channel.id]), delivery);
    await followSignupChannels(harness.context)(registered(other, [channel.id]), delivery);
    expect(await followedIds(gone)).toEqual([]);
    expect(await followedIds(other)).toEqual([channel.id]);
  });
});
