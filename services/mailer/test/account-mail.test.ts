import { createHash, randomUUID } from "node:crypto";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import { eventually } from "@tubedigest/testing/eventually";
import { tablesMentioning } from "@tubedigest/testing/test-infra";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksOf, type MailerUnderTest, startMailer } from "./support/mailer-harness.ts";

const TOKEN = "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe";

describe("the account's own mail: password, address, deletion (real Postgres, RabbitMQ and SMTP)", () => {
  let mailer: MailerUnderTest;
  beforeAll(async () => {
    mailer = await startMailer();
  });
  afterAll(() => mailer.stop());

  /** The tables of the mailer's schema holding a row whose text contains `text`. */
  const tablesMentioningText = async (text: string) => {
    const run = async (query: string, parameters: unknown[]) =>
      (await mailer.database.db.executeQuery(CompiledQuery.raw(query, parameters))).rows as Record<
        string,
        unknown
      >[];
    const [{ schema } = { schema: "" }] = (await run("select current_schema() as schema", [])) as {
      schema: string;
    }[];
    return (await tablesMentioning(run, schema, [text])).map((table) => table.slice(schema.length + 1));
  };

  it("tells the address its password was changed, or first set, once per change", async () => {
    const { userId, email } = await mailer.registered({ fullName: "Ada" });
    await mailer.deliver("password.changed", { userId, email, firstPassword: false });
    await mailer.deliver("password.changed", { userId, email, firstPassword: true });
    const mails = await mailer.mailTo(email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "You set a password for tubedigest",
      "Your tubedigest password was changed",
    ]);
    const changed = mails.find((mail) => mail.subject === "Your tubedigest password was changed");
    expect(changed?.text).toContain("Hi Ada,");
    expect(changed?.text).toContain("Every other browser signed in to your account was signed out.");
    expect(linksOf(changed?.html || "")).toContain("https://digest.example.com/sign-in-link");
  });

  it("sends the confirmation link to the new address only, and tells the current one without it", async () => {
    const { userId, email } = await mailer.registered();
    const newEmail = `${randomUUID().slice(0, 8)}@example.org`;
    const request = {
      userId,
      currentEmail: email,
      newEmail,
      token: TOKEN,
      expiresAt: "2026-11-24T13:35:00.000Z",
    };
    await mailer.deliver("email-change.requested", request);
    const link = `https://digest.example.com/confirm-email?token=${TOKEN}`;
    const [confirmation, ...moreNew] = await mailer.mailTo(newEmail);
    expect(moreNew).toEqual([]);
    expect(confirmation?.subject).toBe("Confirm your new tubedigest address");
    expect(linksOf(confirmation?.html || "")).toContain(link);
    expect(confirmation?.text).toContain(link);
    // The new mailbox's owner learns nothing of the account's current address.
    expect(`${confirmation?.html}${confirmation?.text}`).not.toContain(email);
    const [notice, ...moreOld] = await mailer.mailTo(email);
    expect(moreOld).toEqual([]);
    expect(notice?.subject).toBe("Your tubedigest address may change");
    expect(notice?.text).toContain(newEmail);
    expect(`${notice?.html}${notice?.text}`).not.toContain(TOKEN);
  });

  it("tells a taken address's owner nothing changed, linking only to signing in, and the asker's address what a free one's request tells it", async () => {
    const asker = await mailer.registered({ fullName: "Ada" });
    const owner = await mailer.registered();
    const free = `${randomUUID().slice(0, 8)}@example.org`;
    await mailer.deliver("email-change.requested", {
      userId: asker.userId,
      currentEmail: asker.email,
      newEmail: free,
      token: TOKEN,
      expiresAt: "2026-11-24T13:35:00.000Z",
    });
    const taken = await mailer.testBus.bus.publish(
      "email-change.address-taken",
      { userId: asker.userId, currentEmail: asker.email, newEmail: owner.email },
      { correlationId: "test" },
    );
    await eventually(() =>
      mailer.database.db
        .selectFrom("inbox")
        .select("event_id")
        .where("event_id", "=", taken.id)
        .executeTakeFirst(),
    );

    const [told, ...more] = await mailer.mailTo(owner.email);
    expect(more).toEqual([]);
    expect(told?.subject).toBe("This address already has a tubedigest account");
    expect(told?.text).toContain("nothing changed");
    // Nothing in it changes an account, nor says whose account asked.
    expect(new Set(linksOf(told?.html || ""))).toEqual(
      new Set([
        "https://digest.example.com/sign-in-link",
        "https://digest.example.com/settings",
        `mailto:${DEVELOPMENT_SITE.supportEmail}`,
      ]),
    );
    expect(`${told?.html}${told?.text}`).not.toContain(asker.email);
    expect(`${told?.html}${told?.text}`).not.toContain(asker.userId);

    // The asker's own inbox holds the same notice for both moves, but for the address asked for.
    const [toFree, toTaken, ...others] = await mailer.mailTo(asker.email);
    expect(others).toEqual([]);
    const asSeen = (mail: typeof toFree, newEmail: string) =>
      `${mail?.subject}\n${mail?.text}\n${mail?.html}`
        .replaceAll(newEmail, "<new address>")
        .replace(/\d{2}:\d{2} UTC on \d{1,2} \w+ \d{4}/g, "<time>");
    expect(asSeen(toTaken, owner.email)).toBe(asSeen(toFree, free));
    expect(toTaken?.subject).toBe("Your tubedigest address may change");

    // Delivered again: nothing more is queued (an event behind it on the queue is handled by then).
    await mailer.testBus.bus.publishEvent(taken);
    await mailer.deliver("password.changed", {
      userId: owner.userId,
      email: owner.email,
      firstPassword: true,
    });
    expect(await mailer.mailTo(owner.email)).toHaveLength(2);
    expect(await mailer.mailTo(asker.email)).toHaveLength(2);
  });

  it("confirms a deletion once, then keeps nothing that holds the address or the account, and sends nothing more", async () => {
    // Made on the landing page: its welcome waits a quarter of an hour, still unsent when the account goes.
    const { userId, email } = await mailer.registered({ fullName: "Grace", passwordless: true });
    await mailer.deliver("sign-in-link.requested", {
      userId,
      email,
      token: TOKEN,
      expiresAt: "2026-11-23T19:30:00.000Z",
    });
    await mailer.deliver("trial.started", { userId, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    expect((await mailer.mailTo(email)).map((mail) => mail.subject)).toEqual([
      "Your tubedigest sign-in link",
    ]);

    await mailer.deliver("user.deleted", { userId, email });
    const deleted = await mailer.mailTo(email);
    expect(deleted.map((mail) => mail.subject)).toEqual([
      "Your tubedigest sign-in link",
      "Your tubedigest account is deleted",
    ]);
    expect(deleted[1]?.text).toContain("This is the last e-mail we send to this address.");
    expect(`${deleted[1]?.html}`).not.toContain("Grace");

    expect(await tablesMentioningText(userId)).toEqual([]);
    expect(await tablesMentioningText(email)).toEqual([]);
    const hash = createHash("sha256").update(email).digest("hex");
    const suppressed = await mailer.database.db.selectFrom("suppressions").selectAll().execute();
    expect(suppressed.filter((row) => row.email === `sha256:${hash}`)).toMatchObject([
      { reason: "account-deleted" },
    ]);

    // The deletion again, and events about the account sent before it and delivered after: nothing more.
    await mailer.deliver("user.deleted", { userId, email });
    await mailer.deliver("trial.ending", { userId, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    await mailer.deliver("password.changed", { userId, email, firstPassword: true });
    mailer.setNow(new Date(Date.now() + 60 * 60_000));
    try {
      expect(await mailer.mailTo(email)).toHaveLength(2);
    } finally {
      mailer.setNow(undefined);
    }
    expect(await tablesMentioningText(userId)).toEqual([]);
  });

  it("mails an address again once someone signs up with it anew after its account was deleted", async () => {
    const { userId, email } = await mailer.registered();
    await mailer.deliver("user.deleted", { userId, email });
    expect(await mailer.mailTo(email)).toHaveLength(1);
    const again = randomUUID();
    await mailer.deliver("user.registered", {
      userId: again,
      email,
      fullName: null,
      passwordless: false,
      selectedChannels: [],
    });
    await mailer.deliver("trial.started", { userId: again, trialEndsAt: "2026-11-30T09:00:00.000Z" });
    const mails = await mailer.mailTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Your tubedigest account is deleted",
      "Welcome to tubedigest: your 7-day trial has started",
    ]);
  });
});
