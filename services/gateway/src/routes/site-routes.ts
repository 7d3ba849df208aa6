import type { SiteSettings } from "@tubedigest/config";
import { SiteReply } from "@tubedigest/contracts/site";
import type { ServiceApp } from "@tubedigest/http";

/**
 * `GET /api/site`: the support address and the operator, for the web app's footer, /terms and each
 * "contact support". The gateway answers it itself: it serves the web app, and no service owns them.
 */
export function registerSiteRoutes(app: ServiceApp, site: SiteSettings): void {
  app.get("/api/site", { schema: { response: { 200: SiteReply } } }, async (): Promise<SiteReply> => site);
}
