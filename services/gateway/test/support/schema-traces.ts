import { createDatabase } from "@tubedigest/db";
import { tablesMentioning } from "@tubedigest/testing/test-infra";
import { CompiledQuery } from "kysely";
import type { TestStack } from "../test-stack.ts";

/**
 * Every table of every service's schema (real parts) holding a row that mentions one of `texts`, as
 * `service.table`. Messages the mailer has queued are sent first, so a message still waiting does not
 * count as kept.
 */
export async function tablesMentioningIn(stack: TestStack, texts: string[]): Promise<string[]> {
  await stack.mailer.deliverDue();
  const found: string[] = [];
  for (const [service, place] of Object.entries(stack.databases)) {
    const database = createDatabase<Record<string, never>>({ ...place, poolSize: 1 });
    try {
      const run = async (query: string, parameters: unknown[]) =>
        (await database.db.executeQuery(CompiledQuery.raw(query, parameters))).rows as Record<
          string,
          unknown
        >[];
      const tables = await tablesMentioning(run, place.schema, texts);
      found.push(...tables.map((table) => `${service}.${table.slice(place.schema.length + 1)}`));
    } finally {
      await database.close();
    }
  }
  return found;
}

/** The id auth gave the account at `email` (real parts). */
export async function accountIdOf(stack: TestStack, email: string): Promise<string> {
  if (!stack.databases.auth) throw new Error("a real stack has an auth schema");
  const auth = createDatabase<{ users: { id: string; email: string } }>({
    ...stack.databases.auth,
    poolSize: 1,
  });
  try {
    return (
      await auth.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()
    ).id;
  } finally {
    await auth.close();
  }
}
