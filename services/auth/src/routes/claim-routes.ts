import { ErrorReply, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import type { AuthContext } from "../domain/auth-context.ts";
import { ClaimRepository } from "../store/claim-repository.ts";
import { readClaim } from "./claim-cookie.ts";

const ClaimHolderReply = Type.Object({
  /** The account the browser's claim is on while the claim is live; null otherwise. */
  userId: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Asked by the gateway, with the browser's claim cookie, before it forwards a visitor's request to
 * another service: only auth can read the cookie and knows whether its claim is still live (unused,
 * unexpired, and the account still without a password or proven owner). Not routed from outside.
 */
export function registerClaimRoutes(app: ServiceApp, context: AuthContext): void {
  app.get(
    "/internal/claim-holder",
    { schema: { response: { 200: ClaimHolderReply, "4xx": ErrorReply, "5xx": ErrorReply } } },
    async (request) => {
      const claimId = readClaim(request);
      const userId = claimId
        ? await new ClaimRepository(context.db).holderOf(claimId, context.now())
        : undefined;
      return { userId: userId ?? null };
    },
  );
}
