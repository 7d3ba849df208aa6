/** Runs one SQL statement with `$1`-style parameters and answers its rows: pg, kysely or PGlite alike. */
export type RunQuery = (query: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Every table of `schema` holding a row whose text (the whole row cast to text, any column) contains one
 * of `texts`, case aside, as `schema.table`: how a test shows that nothing about a person is left in a
 * service's schema, whatever tables it has or gains.
 */
export async function tablesMentioning(run: RunQuery, schema: string, texts: string[]): Promise<string[]> {
  const tables = await run(
    "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name",
    [schema],
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${String(table).replaceAll('"', '""')}"`;
    for (const text of texts) {
      const [row] = await run(`select count(*)::int as n from ${quoted} t where t::text ilike $1`, [
        `%${text}%`,
      ]);
      if (Number(row?.n) > 0) {
        found.push(`${schema}.${String(table)}`);
        break;
      }
    }
  }
  return found;
}
