import { connect, createServer, type Server } from "node:net";
import { unusedPort } from "@tubedigest/testing/test-infra";
import { afterEach, describe, expect, it } from "vitest";
import { describeAddress, describeStartupFailure } from "./startup-failure.ts";

/** The error Node gives for a connection to a port nobody listens on. */
async function refusedConnection(): Promise<{ error: unknown; port: number }> {
  const port = await unusedPort();
  const error = await new Promise((resolve) => connect(port, "127.0.0.1").on("error", resolve));
  return { error, port };
}

/** A Postgres refusal as pg reports it: the server's SQLSTATE in `code`. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("describeAddress", () => {
  it("names host, port and path, never the user or password, with the scheme's default port", () => {
    expect(describeAddress("postgres://app:hunter2@db.internal/tubedigest")).toBe(
      "db.internal:5432/tubedigest",
    );
    expect(describeAddress("redis://:secret@127.0.0.1:6380")).toBe("127.0.0.1:6380");
    expect(describeAddress("rediss://cache.example")).toBe("cache.example:6379");
    expect(describeAddress("amqp://guest:guest@broker")).toBe("broker:5672");
  });
});

describe("describeStartupFailure", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it("names an unreachable database by its address and says what to do", async () => {
    const { error, port } = await refusedConnection();
    const databaseUrl = `postgres://postgres:hunter2@127.0.0.1:${port}/tubedigest`;
    const message = describeStartupFailure(error, { databaseUrl });
    expect(message).toBe(
      `Cannot reach the database at 127.0.0.1:${port}/tubedigest (connection refused): start Postgres there, or set DATABASE_URL to one that runs.`,
    );
    expect(message).not.toContain("hunter2");
  });

  it("finds the cause under a wrapping error, and under Node's one-error-per-address report", async () => {
    const { error, port } = await refusedConnection();
    const databaseUrl = `postgres://postgres@localhost:${port}/tubedigest`;
    const wrapped = new Error("Migration of schema failed", { cause: new AggregateError([error], "") });
    expect(describeStartupFailure(wrapped, { databaseUrl })).toMatch(
      new RegExp(`^Cannot reach the database at localhost:${port}/tubedigest \\(connection refused\\)`),
    );
  });

  it("blames a database host that does not resolve on its name", () => {
    const error = Object.assign(new Error("getaddrinfo ENOTFOUND db.invalid"), {
      code: "ENOTFOUND",
      syscall: "getaddrinfo",
      hostname: "db.invalid",
    });
    expect(describeStartupFailure(error, { databaseUrl: "postgres://u@db.invalid/app" })).toBe(
      "Cannot reach the database at db.invalid:5432/app (no such host): check the host name in DATABASE_URL.",
    );
  });

  it("says what to do when Postgres refuses: a missing database, a wrong user, no room", () => {
    const parts = { databaseUrl: "postgres://ada:pw@127.0.0.1:5432/tubedigest" };
    expect(
      describeStartupFailure(postgresError("3D000", 'database "tubedigest" does not exist'), parts),
    ).toBe(
      "The database at 127.0.0.1:5432/tubedigest does not exist: create it (createdb tubedigest), or set DATABASE_URL to one that exists.",
    );
    expect(
      describeStartupFailure(postgresError("28P01", 'password authentication failed for user "ada"'), parts),
    ).toBe(
      'The database at 127.0.0.1:5432/tubedigest refused user "ada" (password authentication failed for user "ada"): check the user and password in DATABASE_URL.',
    );
    expect(describeStartupFailure(postgresError("42501", "permission denied for database"), parts)).toMatch(
      /^The database at 127\.0\.0\.1:5432\/tubedigest does not let user "ada" create or use the service's schema/,
    );
    expect(describeStartupFailure(postgresError("53300", "too many clients already"), parts)).toMatch(
      /^The database at 127\.0\.0\.1:5432\/tubedigest cannot take connections now \(too many clients already\)/,
    );
  });

  it("names a port already in use with the variables that chose it", async () => {
    server = createServer();
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const error = await new Promise((resolve) =>
      createServer().listen(port, "127.0.0.1").on("error", resolve),
    );
    const listeners = [{ host: "127.0.0.1", port, variables: "HOST, PORT" }];
    expect(describeStartupFailure(error, { listeners })).toBe(
      `Cannot listen on 127.0.0.1:${port} (HOST, PORT): the port is already in use; stop the program using it or choose another port.`,
    );
  });

  it("leaves any other failure to its stack trace", async () => {
    const { error } = await refusedConnection();
    expect(
      describeStartupFailure(new TypeError("x is not a function"), { databaseUrl: "postgres://h/db" }),
    ).toBe(undefined);
    // A refusal of some other part's port is not the database's.
    expect(describeStartupFailure(error, { databaseUrl: "postgres://127.0.0.1:5432/db" })).toBe(undefined);
    expect(describeStartupFailure(postgresError("42P07", 'relation "users" already exists'), {})).toBe(
      undefined,
    );
  });
});
