/**
 * What became of a delivery: its handler succeeded, the inbox had it already, it will be tried again
 * after a back-off, or it went to its queue's dead-letter queue.
 */
export type HandledOutcome = "handled" | "duplicate" | "retried" | "dead-lettered";

export interface HandledDelivery {
  queue: string;
  /** The event's name, or "unreadable" for a message that names no known event. */
  event: string;
  outcome: HandledOutcome;
}

export type HandledListener = (delivery: HandledDelivery) => void;

/** Tells whoever listens (the service's metrics) what became of each delivery a bus handled. */
export class HandledDeliveries {
  readonly #listeners = new Set<HandledListener>();

  /** Answers how to stop listening. */
  listen(listener: HandledListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  report(delivery: HandledDelivery): void {
    for (const listener of this.#listeners) listener(delivery);
  }
}
