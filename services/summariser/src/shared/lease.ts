import type { SummariserContext } from "./summariser-context.ts";

/** When a lease taken or renewed now lapses: its holder is then taken to have died. */
export const leaseEnd = (context: SummariserContext): Date =>
  new Date(context.now().getTime() + context.leases.leaseMs);

/**
 * Renews a lease every third of its length until the returned stop is called, so long work (a model call,
 * a digest of many videos) keeps it. A failed renewal is logged; the lease lapses only if they go on failing.
 */
export function renewWhileWorking(
  context: SummariserContext,
  renew: (leaseUntil: Date) => Promise<unknown>,
  details: object,
): () => void {
  const heartbeat = setInterval(() => {
    renew(leaseEnd(context)).catch((error: unknown) =>
      context.log.warn({ err: error, ...details }, "could not renew a lease"),
    );
  }, context.leases.leaseMs / 3);
  return () => clearInterval(heartbeat);
}
