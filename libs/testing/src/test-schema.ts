import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { testInfra } from "./test-infra.ts";
import { uniqueName } from "./unique-name.ts";

/**
 * How a service's schema is made: its migrations from nothing into the schema given. A test schema made
 * from a template holds what they make (tables, indexes, functions, rows, the migrator's own records), so
 * the service's migrator, run again at its start, finds nothing left to do.
 */
export interface SchemaTemplate {
  /** Names the template: one per service (per set of migrations). */
  name: string;
  /** Creates the schema if needed and brings it to the latest migration. */
  migrate(url: string, schema: string): Promise<unknown>;
}

export interface TestSchema {
  schema: string;
  url: string;
  drop(): Promise<void>;
}

/** A Postgres schema of the test's own, empty; `drop` removes it with everything in it. */
export async function createTestSchema(prefix: string): Promise<TestSchema> {
  const schema = uniqueName(prefix);
  const url = testInfra.postgresUrl;
  return {
    schema,
    url,
    async drop() {
      await withClient(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

/**
 * A test schema as `template`'s migrations make it. They run once per test worker into a schema of their
 * own, whose dump (`pg_dump`: definitions and rows) each test schema replays under its own name, which
 * costs Postgres less than migrating it from nothing. Tests of the migrations themselves take an empty
 * `createTestSchema` and migrate from nothing. Without a usable `pg_dump` on the machine (a Postgres in a
 * container, say) the template's migrations run into each test schema instead.
 */
export async function createMigratedTestSchema(
  prefix: string,
  template: SchemaTemplate,
): Promise<TestSchema> {
  const made = await createTestSchema(prefix);
  await createMigratedSchema(made.url, made.schema, template);
  return made;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const run = promisify(execFile);
/** Per worker (modules stay loaded from one test file to the next): the dump of each template by name. */
const dumps = new Map<string, Promise<{ dump: string; templateSchema: string } | undefined>>();

async function createMigratedSchema(url: string, schema: string, template: SchemaTemplate): Promise<void> {
  const key = `${url} ${template.name}`;
  let dumped = dumps.get(key);
  if (!dumped) {
    dumped = dumpTemplate(url, template);
    dumps.set(key, dumped);
  }
  const made = await dumped;
  if (!made) {
    await template.migrate(url, schema);
    return;
  }
  // The template's name is unique (a random part), so replacing it renames nothing else.
  const statements = made.dump.replaceAll(made.templateSchema, schema);
  // A client of its own: the dump empties the search path of the session it runs in.
  await withClient(url, (client) => client.query(statements));
}

/** Migrates a template schema, dumps it and drops it; undefined where `pg_dump` cannot be run. */
async function dumpTemplate(
  url: string,
  template: SchemaTemplate,
): Promise<{ dump: string; templateSchema: string } | undefined> {
  const templateSchema = uniqueName(`template_${template.name}`);
  await template.migrate(url, templateSchema);
  let stdout: string;
  try {
    ({ stdout } = await run(
      "pg_dump",
      ["--dbname", url, "--schema", templateSchema, "--no-owner", "--no-privileges", "--inserts"],
      { maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch {
    // No pg_dump, or one older than the server (it refuses to dump a newer one): migrate each schema.
    return undefined;
  } finally {
    await withClient(url, (client) => client.query(`drop schema if exists "${templateSchema}" cascade`));
  }
  // psql's meta-commands (`\restrict`, which newer pg_dump writes) are not SQL.
  const dump = stdout
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
  return { dump, templateSchema };
}
