/**
 * Prints the DNS records that make the mailer's messages pass DKIM, SPF and DMARC, from the same DKIM_*
 * variables the mailer signs with (see USAGE), and the dig commands that check them once published.
 */
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "@tubedigest/config";
import Type from "typebox";
import { MailEnvironment, withMailRules } from "../config.ts";
import { mailDnsRecords, zoneLine } from "../settings/mail-dns-records.ts";

const USAGE = `usage: DKIM_DOMAIN=… DKIM_SELECTOR=… DKIM_PRIVATE_KEY="$(cat dkim-private.pem)" MAIL_FROM=… \\
  dns-records.ts --senders "<SPF mechanisms of your relay>" --reports <address for DMARC reports> [--policy none|quarantine|reject]
  --senders  what your relay's documentation says to put in SPF: "include:spf.relay.example", "ip4:203.0.113.7"
  --reports  where receivers send their daily DMARC reports (rua)
  --policy   none (the default: watch the reports first), then quarantine, then reject`;

const POLICIES = ["none", "quarantine", "reject"] as const;

const { values } = parseArgs({
  options: { senders: { type: "string" }, reports: { type: "string" }, policy: { type: "string" } },
});
const policy = POLICIES.find((candidate) => candidate === (values.policy ?? "none"));
if (!values.senders || !values.reports?.includes("@") || !policy) {
  console.error(USAGE);
  process.exit(2);
}
const env = loadConfigOrExit(withMailRules(Type.Object(MailEnvironment)));
if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) {
  console.error("Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY as the mailer will have them.");
  process.exit(2);
}
const records = mailDnsRecords({
  domain: env.DKIM_DOMAIN,
  selector: env.DKIM_SELECTOR,
  key: env.DKIM_PRIVATE_KEY,
  senders: values.senders,
  reportsTo: values.reports,
  policy,
});
const checks = records.map((record) => `;   dig +short TXT ${record.name}`);
process.stdout.write(
  [
    ...records.map((record) => `; ${record.purpose}\n${zoneLine(record)}\n`),
    "; once published, each of these answers with the text above:",
    ...checks,
    "",
  ].join("\n"),
);
