import type { Static, TSchema } from "typebox";

/**
 * One event as producers and consumers agree on it. `version` changes only for a breaking change of
 * `schema`; adding an optional field keeps it, since consumers ignore fields they do not know.
 */
export interface EventContract<Name extends string = string, Schema extends TSchema = TSchema> {
  readonly name: Name;
  readonly version: number;
  readonly schema: Schema;
  /** A valid payload, for docs, tests and the dev tools; checked against `schema` by the contract tests. */
  readonly example: Static<Schema>;
  /**
   * The publisher's outbox deletes the row as soon as the broker confirms it, instead of keeping sent
   * rows a week: for an event about data that must not outlive its publishing (an account's erasure).
   */
  readonly forgetOnceSent?: boolean;
}

/** Keeps the literal name and the schema type of a contract, so the registry can type publish/subscribe. */
export function defineEvent<const Name extends string, Schema extends TSchema>(
  contract: EventContract<Name, Schema>,
): EventContract<Name, Schema> {
  return contract;
}
