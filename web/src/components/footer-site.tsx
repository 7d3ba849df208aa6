import { useSite } from "../lib/site.ts";
import { SupportEmailLink } from "./support-email-link.tsx";

/**
 * Who runs tubedigest and where to write, on every page; the e-mails end with the same line. Its own chunk
 * with the data layer, as the footer's account link: the landing page shows itself without SWR.
 */
export default function FooterSite() {
  const { site } = useSite();
  if (!site) return null;
  return (
    <p className="footer-site">
      tubedigest is run by {site.operatorName}. Questions? Write to{" "}
      <SupportEmailLink address={site.supportEmail} />.
    </p>
  );
}
