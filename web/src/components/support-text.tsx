import { splitAfterContactSupport } from "../lib/contact-support.ts";
import { useSite } from "../lib/site.ts";
import { SupportEmailLink } from "./support-email-link.tsx";

/**
 * A message as written, where "contact support" goes on to name the support address as a link: the web
 * app's own texts and the services' messages say only that much, since the address is configuration
 * (GET /api/site). Until it arrives the text shows as it is.
 */
export function SupportText({ text }: { text: string }) {
  const { site } = useSite();
  const parts = splitAfterContactSupport(text);
  if (!site || !parts) return text;
  return (
    <>
      {parts[0]} at <SupportEmailLink address={site.supportEmail} />
      {parts[1]}
    </>
  );
}
