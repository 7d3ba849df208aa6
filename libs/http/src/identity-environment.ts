import Type from "typebox";

/**
 * The variable a service that checks the gateway's proofs reads besides IDENTITY_SECRET, so the secret can
 * be rotated without stopping everything at once: the services accept both, the signers move to the new
 * one, then this is removed. Set to IDENTITY_SECRET's own value it is refused, as any secret shared
 * between two variables is (loadConfig).
 */
export const PreviousIdentitySecret = {
  IDENTITY_SECRET_PREVIOUS: Type.Optional(
    Type.String({
      minLength: 32,
      description: "While IDENTITY_SECRET is rotated: the one before it, whose proofs still count",
    }),
  ),
};
