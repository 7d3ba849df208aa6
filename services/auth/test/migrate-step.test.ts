import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { childEnvironment, testInfra } from "@tubedigest/testing/test-infra";
import { createTestSchema, type TestSchema } from "@tubedigest/testing/test-schema";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { authMigrations } from "../src/app.ts";

const main = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** Runs auth's entry point with `args` and only `env` besides the machine's; it must stop by itself. */
function runAuth(args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ["--import", "tsx", main, ...args], {
    env: childEnvironment(env),
    timeout: 30_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function appliedMigrations(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: testInfra.postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select name from "${schema}".kysely_migration order by name`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const schemas: TestSchema[] = [];
afterEach(async () => {
  for (const schema of schemas.splice(0)) await schema.drop();
});

describe("auth's migrate step (main.js migrate)", () => {
  it("migrates its schema and exits 0 with the database's variables alone, then finds it current", async () => {
    const schema = await createTestSchema("auth_migrate");
    schemas.push(schema);
    const env = { DATABASE_URL: schema.url, DATABASE_SCHEMA: schema.schema, LOG_LEVEL: "info" };
    const first = await runAuth(["migrate"], env);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain(`Applied ${Object.keys(authMigrations).length} migration(s)`);
    expect(await appliedMigrations(schema.schema)).toEqual(Object.keys(authMigrations).sort());
    const again = await runAuth(["migrate"], env);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain("The schema was already current");
  });

  it("with MIGRATIONS=wait, stops with one line after its deadline when no migrate step ran", async () => {
    const schema = await createTestSchema("auth_wait");
    schemas.push(schema);
    const result = await runAuth([], {
      DATABASE_URL: schema.url,
      DATABASE_SCHEMA: schema.schema,
      MIGRATIONS: "wait",
      MIGRATIONS_WAIT_SECONDS: "1",
      RABBITMQ_URL: testInfra.amqpUrl,
      CLAIM_SECRET: "c".repeat(32),
      IDENTITY_SECRET: "i".repeat(32),
      HOST: "127.0.0.1",
      // Never reached: the process stops before it listens.
      PORT: "4001",
      LOG_LEVEL: "warn",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Schema "${schema.schema}" still lacks ${Object.keys(authMigrations).length} migration\\(s\\) \\(.*\\) after waiting 1 s \\(MIGRATIONS=wait\\): run the service's migrate step, or set MIGRATIONS=run\\.\\n$`,
      ),
    );
  });
});
