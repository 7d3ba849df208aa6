import { type DatabaseIntrospector, type Kysely, sql } from "kysely";

/**
 * Kysely's migrator asks whether its schema and its two tables exist by listing every column of every
 * schema in the database: on a database shared by several services, or by a test run's hundreds of
 * schemas, that is the costliest statement of a start-up, and it fails when another schema changes while
 * it is read. A service's migrations need only its own schema: the same `db`, whose introspection looks
 * there alone (by name, without columns, which the migrator does not read).
 */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: "vm".includes(row.kind), columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      // Kysely keeps its state in private fields, which only the instance itself can read.
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
