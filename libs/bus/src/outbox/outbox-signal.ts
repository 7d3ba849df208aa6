import { randomUUID } from "node:crypto";

/**
 * How an outbox write reaches its relay at once instead of at the relay's next poll. In the writer's
 * process, the relays of the writer's schema are woken as its transaction commits; every other process
 * hears of it from Postgres: the transaction also notifies OUTBOX_CHANNEL with
 * `<schema> <process>` (delivered on commit, dropped on rollback), which relays LISTEN to. A relay ignores
 * its own process's notifications, which have woken it already.
 */
export const OUTBOX_CHANNEL = "tubedigest_outbox";

/** This process, as outbox notifications name it. */
export const THIS_PROCESS = randomUUID();

const relays = new Map<string, Set<() => void>>();

/** Wakes `wake` whenever an outbox write to `schema` commits in this process; answers the unsubscribe. */
export function onOutboxWrite(schema: string, wake: () => void): () => void {
  const wakes = relays.get(schema) ?? new Set<() => void>();
  relays.set(schema, wakes.add(wake));
  return () => {
    wakes.delete(wake);
    if (wakes.size === 0 && relays.get(schema) === wakes) relays.delete(schema);
  };
}

/** Wakes this process's relays of `schema`. */
export function outboxWritten(schema: string): void {
  for (const wake of relays.get(schema) ?? []) wake();
}

/** The schema and process an outbox notification names. */
export function parseOutboxNotification(payload: string): { schema: string; process: string } {
  const [schema = "", process = ""] = payload.split(" ");
  return { schema, process };
}
