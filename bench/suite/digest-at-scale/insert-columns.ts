import type pg from "pg";

const ROWS_PER_STATEMENT = 5_000;

/** Rows given column by column, inserted with `unnest` a few thousand at a time: seeding, not the product's path. */
export async function insertColumns(
  client: pg.Client,
  table: string,
  columns: Record<string, { type: string; values: unknown[] }>,
): Promise<void> {
  const names = Object.keys(columns);
  const length = Object.values(columns)[0]?.values.length ?? 0;
  for (let start = 0; start < length; start += ROWS_PER_STATEMENT) {
    const slices = Object.values(columns).map((column) =>
      column.values.slice(start, start + ROWS_PER_STATEMENT),
    );
    const parameters = Object.values(columns).map((column, index) => `$${index + 1}::${column.type}[]`);
    await client.query(
      `insert into ${table} (${names.join(", ")}) select * from unnest(${parameters.join(", ")})`,
      slices,
    );
  }
}
