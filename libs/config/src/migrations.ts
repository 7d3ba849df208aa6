import Type, { type Static } from "typebox";

/** The variables of every service that owns a Postgres schema: who migrates it, and how long to wait. */
export const MigrationVariables = {
  MIGRATIONS: Type.Union([Type.Literal("run"), Type.Literal("wait")], {
    default: "run",
    description: "`wait`: the migrate step (`main.js migrate`) migrates; start-up waits for the schema",
  }),
  MIGRATIONS_WAIT_SECONDS: Type.Integer({
    minimum: 1,
    default: 300,
    description: "With `MIGRATIONS=wait`: how long start-up waits before it exits non-zero",
  }),
};

const MigrationEnvironment = Type.Object(MigrationVariables);

/** What start-up does with the schema, in the shape `@tubedigest/db`'s `SchemaMigration` takes. */
export function migrationSettingFrom(
  env: Static<typeof MigrationEnvironment>,
): { mode: "run" } | { mode: "wait"; timeoutMs: number } {
  return env.MIGRATIONS === "run"
    ? { mode: "run" }
    : { mode: "wait", timeoutMs: env.MIGRATIONS_WAIT_SECONDS * 1000 };
}
