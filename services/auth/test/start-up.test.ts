import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { childEnvironment, testInfra, unusedPort } from "@tubedigest/testing/test-infra";
import { describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));
// A secret of its own for each: one value for two secrets is refused at start-up.
const claimSecret = "c".repeat(32);
const identitySecret = "i".repeat(32);

/** Runs auth's entry point as its own process; it must stop by itself. */
function startAuth(env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ["--import", "tsx", main], {
    env: childEnvironment({
      RABBITMQ_URL: testInfra.amqpUrl,
      CLAIM_SECRET: claimSecret,
      IDENTITY_SECRET: identitySecret,
      HOST: "127.0.0.1",
      // Never reached: each test stops the process before it listens.
      PORT: "4001",
      LOG_LEVEL: "warn",
      ...env,
    }),
    timeout: 20_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe("auth's start-up", () => {
  it("stops with one line naming an unreachable database, not a stack trace nor its password", async () => {
    const port = await unusedPort();
    const result = await startAuth({
      DATABASE_URL: `postgres://postgres:hunter2@127.0.0.1:${port}/tubedigest`,
    });
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toBe(
      `Cannot reach the database at 127.0.0.1:${port}/tubedigest (connection refused): start Postgres there, or set DATABASE_URL to one that runs.\n`,
    );
  });

  it("stops with one line naming a database that does not exist", async () => {
    const url = new URL(testInfra.postgresUrl);
    url.pathname = "/no_such_database_here";
    const result = await startAuth({ DATABASE_URL: url.href });
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toBe(
      `The database at ${url.hostname}:${url.port || 5432}/no_such_database_here does not exist: create it (createdb no_such_database_here), or set DATABASE_URL to one that exists.\n`,
    );
  });

  it("stops naming each wrong variable and what it may be", async () => {
    const result = await startAuth({
      DATABASE_URL: testInfra.postgresUrl,
      PORT: "1.5",
      LOG_LEVEL: "verbose",
    });
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toBe(
      [
        "Invalid configuration:",
        '  - PORT must be a whole number (got "1.5")',
        '  - LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "verbose")',
        "",
      ].join("\n"),
    );
  });
});
