import pg from "pg";
import { testInfra } from "./test-infra.ts";
import { uniqueName } from "./unique-name.ts";

/** A Postgres schema of the test's own; `drop` removes it with everything in it. */
export async function createTestSchema(
  prefix: string,
): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = uniqueName(prefix);
  const url = testInfra.postgresUrl;
  return {
    schema,
    url,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
