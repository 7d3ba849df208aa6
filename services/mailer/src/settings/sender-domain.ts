import addressparser from "nodemailer/lib/addressparser";

/**
 * The domain of a From value (`tubedigest <digest@tubedigest.example>` or a bare address), lower-cased;
 * undefined when it holds no single address. Parsed as nodemailer parses the From it sends.
 */
export function senderDomain(from: string): string | undefined {
  const addresses = addressparser(from, { flatten: true });
  const address = addresses.length === 1 ? addresses[0]?.address : undefined;
  const at = address?.lastIndexOf("@") ?? -1;
  if (!address || at < 1 || at === address.length - 1) return undefined;
  return address.slice(at + 1).toLowerCase();
}

/**
 * Whether mail From `fromDomain` signed for `signingDomain` passes DMARC's relaxed alignment as far as
 * can be told without the public suffix list: the same domain, or one under the other (d=example.com
 * signs for news.example.com). Sibling subdomains (a.example.com, b.example.com) align too, but are
 * refused here rather than guessed at.
 */
export function alignedDomains(fromDomain: string, signingDomain: string): boolean {
  const from = fromDomain.toLowerCase();
  const signing = signingDomain.toLowerCase();
  return from === signing || from.endsWith(`.${signing}`) || signing.endsWith(`.${from}`);
}
