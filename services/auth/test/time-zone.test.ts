import { randomUUID } from "node:crypto";
import { createTestBus, type TestBus } from "@tubedigest/bus/testing";
import { createDatabase, type Database } from "@tubedigest/db";
import { callerHeaders, SESSION_USER_HEADER, type ServiceApp } from "@tubedigest/http";
import { hostileCharacter } from "@tubedigest/testing/hostile-input";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthApp } from "../src/app.ts";
import type { AuthDatabase } from "../src/store/database.ts";

const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";
const unknownZone = (shown: string) => `Unknown time zone: ${shown}. Use an IANA name such as Europe/Berlin.`;

/**
 * The user's time zone through auth's routes, on a schema of its own on the real Postgres, its events
 * relayed to a RabbitMQ exchange of the test's own; what was announced is read from the outbox.
 */
describe("the user's time zone", () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let testBus: TestBus;
  let app: ServiceApp;
  let database: Database<AuthDatabase>;

  beforeAll(async () => {
    schema = await createTestSchema("auth");
    testBus = await createTestBus("rabbitmq");
    app = await buildAuthApp(
      {
        secureCookies: false,
        claimSecret: "c".repeat(40),
        identitySecret: IDENTITY_SECRET,
        database: { url: schema.url, schema: schema.schema },
      },
      { log: pino({ level: "silent" }), events: testBus.bus },
    );
    database = createDatabase<AuthDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
  });
  afterAll(async () => {
    await testBus.bus.close();
    await app.close();
    await testBus.cleanup();
    await database.close();
    await schema.drop();
  });

  const freshEmail = () => `${uniqueName("zone")}@example.com`;
  const asUser = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());
  const post = (url: string, payload: object | string | Buffer) =>
    app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });

  async function registered(payload: object): Promise<string> {
    const response = await post("/api/auth/register", { password: "password123", ...payload });
    expect(response.statusCode).toBe(201);
    return String(response.headers[SESSION_USER_HEADER]);
  }
  const profileOf = async (userId: string) =>
    (await app.inject({ url: "/api/user/profile", headers: asUser(userId) })).json();

  /** The data of every `name` event auth wrote about `userId`, oldest first. */
  async function announced(name: string, userId: string): Promise<Record<string, unknown>[]> {
    const rows = await database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", name)
      .orderBy("id")
      .execute();
    return rows
      .map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event))
      .map((event: { data: Record<string, unknown> }) => event.data)
      .filter((data) => data.userId === userId);
  }
  const accountsWith = async (email: string) =>
    (await database.db.selectFrom("users").select("id").where("email", "=", email).execute()).length;

  it("keeps the zone given at sign-up, shows it on the profile and announces it", async () => {
    const userId = await registered({ email: freshEmail(), timeZone: "Europe/Berlin" });
    expect(await profileOf(userId)).toMatchObject({ fullName: null, timeZone: "Europe/Berlin" });
    expect(await announced("user.registered", userId)).toEqual([
      expect.objectContaining({ timeZone: "Europe/Berlin", passwordless: false }),
    ]);
  });

  it("puts an account signed up without a zone on UTC, and says so in its event", async () => {
    const email = freshEmail();
    const userId = await registered({ email });
    expect(await profileOf(userId)).toEqual({
      email,
      fullName: null,
      timeZone: "UTC",
      summaryLanguage: null,
    });
    expect(await announced("user.registered", userId)).toEqual([
      expect.objectContaining({ timeZone: "UTC" }),
    ]);
  });

  it("keeps the zone of a landing-page sign-up, in the runtime's spelling", async () => {
    const email = freshEmail();
    const made = await post("/api/auth/register-with-email", { email, timeZone: "america/new_york" });
    expect(made.statusCode).toBe(201);
    const { id } = await database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(await profileOf(id)).toMatchObject({ timeZone: "America/New_York" });
    expect(await announced("user.registered", id)).toEqual([
      expect.objectContaining({ timeZone: "America/New_York", passwordless: true }),
    ]);
  });

  it("changes the zone on the profile, keeps it when the profile leaves it out, and announces both", async () => {
    const email = freshEmail();
    const userId = await registered({ email });
    const patch = (payload: object) =>
      app.inject({ method: "PATCH", url: "/api/user/profile", headers: asUser(userId), payload });

    const moved = await patch({ email, fullName: "Ada", timeZone: "Asia/Tokyo" });
    expect(moved.statusCode).toBe(200);
    const ada = { email, timeZone: "Asia/Tokyo", summaryLanguage: null };
    expect(moved.json()).toEqual({ ...ada, fullName: "Ada" });
    const renamed = await patch({ email, fullName: "Ada King" });
    expect(renamed.json()).toEqual({ ...ada, fullName: "Ada King" });
    expect(await profileOf(userId)).toEqual({ ...ada, fullName: "Ada King" });
    expect(await announced("user.updated", userId)).toEqual([
      { userId, ...ada, fullName: "Ada" },
      { userId, ...ada, fullName: "Ada King" },
    ]);
  });

  it("keeps the language chosen for summaries on the profile, and announces it with the profile", async () => {
    const email = freshEmail();
    const userId = await registered({ email });
    const patch = (payload: object) =>
      app.inject({ method: "PATCH", url: "/api/user/profile", headers: asUser(userId), payload });

    expect((await patch({ email, summaryLanguage: "pt-BR" })).json()).toMatchObject({
      summaryLanguage: "pt-BR",
    });
    expect((await patch({ email, fullName: "Ana" })).json()).toMatchObject({ summaryLanguage: "pt-BR" });
    expect((await patch({ email, summaryLanguage: null })).json()).toMatchObject({ summaryLanguage: null });
    expect((await announced("user.updated", userId)).map((data) => data.summaryLanguage)).toEqual([
      "pt-BR",
      "pt-BR",
      null,
    ]);
  });

  it.each([
    ["a language not offered", "tlh"],
    ["a code in another case", "PT-br"],
    ["a number", 7],
    ["nothing", ""],
  ])("refuses %s as the summaries' language with a 400 that says what to do", async (_, summaryLanguage) => {
    const email = freshEmail();
    const userId = await registered({ email });
    const refused = await app.inject({
      method: "PATCH",
      url: "/api/user/profile",
      headers: asUser(userId),
      payload: { email, summaryLanguage },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Please choose a language for your summaries from the list." });
    expect(await profileOf(userId)).toMatchObject({ summaryLanguage: null });
  });

  it.each([
    ["a made-up zone", "Mars/Olympus_Mons", unknownZone("Mars/Olympus_Mons")],
    ["an offset", "+05:00", unknownZone("+05:00")],
    ["nothing", "", unknownZone("")],
    ["a NUL", "Europe/Berlin\u0000", unknownZone("Europe/Berlin\uFFFD")],
    ["a lone surrogate", "Europe/\uD800", unknownZone("Europe/\uFFFD")],
    ["a direction override", "\u202eEurope/Berlin", unknownZone("\uFFFDEurope/Berlin")],
    ["markup", "<script>alert(1)</script>", unknownZone("<script>alert(1)</script>")],
    ["a page of text", "Europe/".repeat(1_000), unknownZone(`${"Europe/".repeat(5)}Europ…`)],
  ])("refuses %s with a 400 naming it, at sign-up and on the profile", async (_, timeZone, message) => {
    const email = freshEmail();
    const signUps = [
      post("/api/auth/register", { email, password: "password123", timeZone }),
      post("/api/auth/register-with-email", { email, timeZone }),
    ];
    for (const refused of await Promise.all(signUps)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    }
    expect(await accountsWith(email)).toBe(0);

    const userId = await registered({ email });
    const patched = await app.inject({
      method: "PATCH",
      url: "/api/user/profile",
      headers: asUser(userId),
      payload: { email, fullName: "Changed", timeZone },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ message });
    expect(await profileOf(userId)).toMatchObject({ fullName: null, timeZone: "UTC" });
  });

  it.each([
    ["a number", 5],
    ["null", null],
    ["a list", ["Europe/Berlin"]],
  ])("refuses %s as a zone with a 400", async (_, timeZone) => {
    const refused = await post("/api/auth/register", {
      email: freshEmail(),
      password: "password123",
      timeZone,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "The time zone must be an IANA name such as Europe/Berlin." });
  });

  it("refuses a zone sent as invalid UTF-8 with a 400", async () => {
    const body = Buffer.concat([
      Buffer.from(`{"email":"${freshEmail()}","password":"password123","timeZone":"Europe/`),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]);
    const refused = await post("/api/auth/register", body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: unknownZone("Europe/\uFFFD\uFFFD\uFFFD") });
  });

  it("answers any hostile zone with a 400 and a message, never a 5xx", async () => {
    const zone = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc
        .tuple(
          fc.constantFrom("Europe/Berlin", "UTC", "America/Argentina/Buenos_Aires"),
          hostileCharacter,
          fc.nat(),
        )
        .map(
          ([name, bad, at]) =>
            `${name.slice(0, at % (name.length + 1))}${bad}${name.slice(at % (name.length + 1))}`,
        ),
    );
    await fc.assert(
      fc.asyncProperty(zone, async (timeZone) => {
        const response = await post("/api/auth/register-with-email", { email: freshEmail(), timeZone });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(
          /^Unknown time zone: [\s\S]*\. Use an IANA name such as Europe\/Berlin\.$/,
        );
      }),
      { numRuns: 60 },
    );
  });
});
