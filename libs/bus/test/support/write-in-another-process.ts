/**
 * Writes one event to the outbox of a schema, as a service in another process would, then exits:
 *   node --import tsx write-in-another-process.ts <database url> <schema> <event as JSON>
 */
import { createDatabase } from "@tubedigest/db";
import { writeToOutbox } from "../../src/index.ts";

const [url, schema, event] = process.argv.slice(2);
if (!url || !schema || !event) throw new Error("usage: <database url> <schema> <event as JSON>");
const database = createDatabase({ url, schema });
await database.db.transaction().execute((trx) => writeToOutbox(trx, JSON.parse(event)));
await database.close();
