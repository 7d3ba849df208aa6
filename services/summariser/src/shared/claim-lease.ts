import type { SummariserContext } from "./summariser-context.ts";

/** When a claim taken or renewed now lapses: its holder is then taken to have died. */
export const leaseEnd = (context: SummariserContext): Date =>
  new Date(context.now().getTime() + context.claims.leaseMs);

/**
 * Renews a claim every third of its lease until the returned stop is called, so long work (a model call,
 * a digest of many videos) keeps it. A failed renewal is logged; the claim lapses only if they go on failing.
 */
export function renewWhileWorking(
  context: SummariserContext,
  renew: (leaseUntil: Date) => Promise<unknown>,
  details: object,
): () => void {
  const heartbeat = setInterval(() => {
    renew(leaseEnd(context)).catch((error: unknown) =>
      context.log.warn({ err: error, ...details }, "could not renew a claim"),
    );
  }, context.claims.leaseMs / 3);
  return () => clearInterval(heartbeat);
}
