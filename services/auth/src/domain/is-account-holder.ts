import { ClaimRepository } from "../store/claim-repository.ts";
import type { User } from "../store/user-repository.ts";
import type { AuthContext, Visitor } from "./auth-context.ts";

/**
 * Whether the visitor speaks for the account: signed in to it, or holding a live claim on it (the
 * browser that made it on the landing page). Knowing the address is never enough.
 */
export async function isAccountHolder(context: AuthContext, user: User, visitor: Visitor): Promise<boolean> {
  if (visitor.userId === user.id) return true;
  if (!visitor.claimId) return false;
  return (await new ClaimRepository(context.db).holderOf(visitor.claimId, context.now())) === user.id;
}
