/**
 * Who runs the site and where to write for help (`GET /api/site`), as the gateway answers them from its
 * configuration: the web app's footer, /terms and each "contact support" show them. Pure: TypeBox alone;
 * the web app imports its type only.
 */
import Type, { type Static } from "typebox";

export const SiteReply = Type.Object({
  /** The support address (SUPPORT_EMAIL). */
  supportEmail: Type.String(),
  /** The operator: who runs the service (OPERATOR_NAME). */
  operatorName: Type.String(),
});
export type SiteReply = Static<typeof SiteReply>;
