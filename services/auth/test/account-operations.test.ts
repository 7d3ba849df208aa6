import { writeToOutbox } from "@tubedigest/bus";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import argon2 from "argon2";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMigrations } from "../src/app.ts";
import type { AuthContext } from "../src/domain/auth-context.ts";
import { logIn } from "../src/domain/log-in.ts";
import { createPasswordHasher } from "../src/domain/password-hasher.ts";
import { registerWithEmail } from "../src/domain/register-with-email.ts";
import { registerWithPassword } from "../src/domain/register-with-password.ts";
import { updateProfile } from "../src/domain/update-profile.ts";
import { ClaimRepository } from "../src/store/claim-repository.ts";
import type { AuthDatabase } from "../src/store/database.ts";
import { UserRepository } from "../src/store/user-repository.ts";

/**
 * Auth's operations called directly on a schema of their own on the real Postgres (the gateway suites
 * test the same through HTTP). Each case names the mutants it catches (`npx stryker run
 * stryker/auth.config.mjs`); the first two, log-in.ts's rehash test as `true` or `false` and its block emptied.
 */
describe("auth's account operations on its own schema", () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let database: Database<AuthDatabase>;
  let context: AuthContext;

  beforeAll(async () => {
    schema = await createTestSchema("auth");
    database = createDatabase<AuthDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
    await migrateToLatest(database.db, database.schema, authMigrations);
  });
  // A context made in each test: a mutant of the hasher's methods exists only in a hasher made while
  // that mutant is active.
  beforeEach(() => {
    context = {
      db: database.db,
      hasher: createPasswordHasher(),
      recordEvent: writeToOutbox,
      now: () => new Date(),
    };
  });
  afterAll(async () => {
    await database.close();
    await schema.drop();
  });

  const storedHash = async (id: string) =>
    (
      await database.db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("replaces a hash made with weaker settings than today's on a successful login", async () => {
    const weak = await argon2.hash("password123", { type: argon2.argon2id, memoryCost: 4_096, timeCost: 1 });
    const user = await new UserRepository(database.db).insert({
      email: "weak@example.com",
      passwordHash: weak,
    });
    await logIn(context, { email: "weak@example.com", password: "password123" });
    const replaced = await storedHash(user.id);
    expect(replaced).not.toBe(weak);
    expect(context.hasher.needsRehash(replaced ?? "")).toBe(false);
    expect(await context.hasher.verify(replaced ?? "", "password123")).toBe(true);
  });

  it("keeps a hash made with today's settings", async () => {
    const current = await context.hasher.hash("password123");
    const user = await new UserRepository(database.db).insert({
      email: "current@example.com",
      passwordHash: current,
    });
    await logIn(context, { email: "current@example.com", password: "password123" });
    expect(await storedHash(user.id)).toBe(current);
  });

  // Mutant of register-with-password.ts: the event's `passwordless: false` as `true`.
  it("announces an account made with a password as not password-less", async () => {
    const outcome = await registerWithPassword(context, {
      email: "announced@example.com",
      password: "password123",
      visitor: { userId: undefined, claimId: undefined },
      timeZone: "UTC",
      correlationId: "req-announce",
    });
    expect(outcome.kind).toBe("created");
    const row = await database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "user.registered")
      .executeTakeFirstOrThrow();
    const event = (typeof row.event === "string" ? JSON.parse(row.event) : row.event) as {
      data: { email: string; passwordless: boolean };
    };
    expect(event.data).toMatchObject({ email: "announced@example.com", passwordless: false });
  });

  // Mutant of register-with-email.ts: the event's `passwordless: true` as `false`.
  it("announces an account made from the landing page as password-less", async () => {
    const outcome = await registerWithEmail(context, {
      email: "landing-announced@example.com",
      visitor: { userId: undefined, claimId: undefined },
      selectedChannels: [],
      timeZone: "UTC",
      correlationId: "req-landing",
    });
    expect(outcome.kind).toBe("signed-up");
    const rows = await database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "user.registered")
      .execute();
    const announced = rows
      .map(
        (row) =>
          (typeof row.event === "string" ? JSON.parse(row.event) : row.event) as {
            data: { email: string; passwordless: boolean };
          },
      )
      .find((event) => event.data.email === "landing-announced@example.com");
    expect(announced?.data.passwordless).toBe(true);
  });

  // Mutant of register-with-password.ts: `if (withPassword)` as `false`, which leaves the claims live.
  it("spends the account's claims when its holder sets the first password", async () => {
    const user = await new UserRepository(database.db).insert({
      email: "claimed@example.com",
      passwordHash: null,
    });
    const claims = new ClaimRepository(database.db);
    const claimId = await claims.create(user.id, new Date());
    const outcome = await registerWithPassword(context, {
      email: "claimed@example.com",
      password: "password123",
      visitor: { userId: undefined, claimId },
      timeZone: "UTC",
      correlationId: "req-first-password",
    });
    expect(outcome.kind).toBe("first-password");
    expect(await claims.holderOf(claimId, new Date())).toBeUndefined();
  });

  // Mutant of update-profile.ts: `if (!user)` as `false`, which fails with a TypeError (a 500).
  it("answers 404 for a profile whose account is gone", async () => {
    await expect(
      updateProfile(context, {
        userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
        email: "gone@example.com",
        fullName: "Gone",
        correlationId: "req-gone",
      }),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: "Your account could not be found. Please sign in again.",
    });
  });

  /**
   * The context with a database on which the first two look-ups of an account by address wait for each
   * other, so two sign-ups both find no account before either inserts one, every time.
   */
  function racingContext(): AuthContext {
    const arrived: (() => void)[] = [];
    const barrier: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        if (arrived.length >= 2 || !("rows" in result)) return result;
        await new Promise<void>((resolve) => {
          arrived.push(resolve);
          if (arrived.length === 2) for (const release of arrived) release();
        });
        return result;
      },
    };
    return { ...context, db: context.db.withPlugin(barrier) };
  }

  // Mutants of register-with-password.ts and register-with-email.ts: the unique-violation catch block
  // emptied, and `isUniqueViolation(error)` as `true` or `false`.
  it("makes one account of two simultaneous sign-ups for one address, and answers the other as for a taken one", async () => {
    const visitor = { userId: undefined, claimId: undefined };
    const racing = racingContext();
    const withPassword = () =>
      registerWithPassword(racing, {
        email: "twice@example.com",
        password: "password123",
        visitor,
        timeZone: "UTC",
        correlationId: "req-twice",
      });
    const passwordOutcomes = await Promise.allSettled([withPassword(), withPassword()]);
    expect(passwordOutcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(passwordOutcomes.find((outcome) => outcome.status === "rejected")?.reason).toMatchObject({
      statusCode: 409,
      message: "An account with this email already exists. Please sign in instead.",
    });

    const racingAgain = racingContext();
    const withEmail = () =>
      registerWithEmail(racingAgain, {
        email: "twice-by-link@example.com",
        visitor,
        selectedChannels: [],
        timeZone: "UTC",
        correlationId: "req-twice",
      });
    const emailOutcomes = await Promise.all([withEmail(), withEmail()]);
    expect(emailOutcomes.map((outcome) => outcome.kind)).toEqual(["signed-up", "signed-up"]);
    const claims = new ClaimRepository(database.db);
    const holders = await Promise.all(
      emailOutcomes.map((outcome) =>
        outcome.kind === "signed-up" ? claims.holderOf(outcome.claimId, new Date()) : undefined,
      ),
    );
    // One claim names the account; the other answer's claim names nothing.
    expect(holders.filter((holder) => holder !== undefined)).toHaveLength(1);
  });

  // Mutants of register-with-password.ts: `holder && existing.password_hash === null` as `true`, which
  // lets anyone set the first password of a password-less account, and the 409's condition as `true`.
  it("sends a sign-in link to the owner of a password-less address someone else signs up with", async () => {
    const user = await new UserRepository(database.db).insert({
      email: "owned@example.com",
      passwordHash: null,
    });
    const outcome = await registerWithPassword(context, {
      email: "owned@example.com",
      password: "password123",
      visitor: { userId: undefined, claimId: undefined },
      timeZone: "UTC",
      correlationId: "req-squat",
    });
    expect(outcome).toEqual({ kind: "sign-in-link-sent" });
    expect(await storedHash(user.id)).toBeNull();
  });

  // Mutant of register-with-password.ts: `existing.password_hash !== null` as `true`, which answers 409
  // for an account whose owner proved the address but never set a password.
  it("sends a sign-in link, not a 409, for a proven account without a password", async () => {
    const users = new UserRepository(database.db);
    const user = await users.insert({ email: "proven@example.com", passwordHash: null });
    await users.markProven(user.id, new Date());
    const outcome = await registerWithPassword(context, {
      email: "proven@example.com",
      password: "password123",
      visitor: { userId: undefined, claimId: undefined },
      timeZone: "UTC",
      correlationId: "req-proven",
    });
    expect(outcome).toEqual({ kind: "sign-in-link-sent" });
  });
});
