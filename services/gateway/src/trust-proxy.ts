import { isIP } from "node:net";
import Type from "typebox";

type Reading = { proxies: number | string[] } | { problem: string };

const ADVICE =
  "give the number of proxies in front (1 behind one load balancer or ingress) or their addresses/CIDRs, comma-separated";

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, ...more] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function read(text: string): Reading {
  const lower = text.toLowerCase();
  if (lower === "false") return { proxies: 0 };
  if (/^\d+$/.test(text)) return { proxies: Number(text) };
  if (lower === "true") {
    return { problem: `cannot be "true", which would let every client pick its own address: ${ADVICE}` };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) return { problem: `holds "${bad}", neither an IP address nor a CIDR: ${ADVICE}` };
  return { proxies: entries };
}

/**
 * TRUST_PROXY: whose X-Forwarded-For / -Proto to believe. A number of proxies in front (0 or `false`:
 * none), or a comma-separated list of their addresses and CIDRs. `true` is refused: it would make the
 * left-most X-Forwarded-For entry, which the client writes, the client's address.
 */
export const TrustProxy = Type.Refine(
  Type.String({
    default: "0",
    description:
      "The proxies in front whose `X-Forwarded-For` and `-Proto` to believe: their number, or their addresses and CIDRs, comma-separated; `true` is refused (see [deploying.md](deploying.md#behind-a-proxy))",
  }),
  (text) => "proxies" in read(text),
  (text) => {
    const reading = read(text);
    return "problem" in reading ? reading.problem : "";
  },
);

/** The proxies to trust, from a TRUST_PROXY that `TrustProxy` accepted. */
export function trustedProxies(text: string): number | string[] {
  const reading = read(text);
  if ("problem" in reading) throw new Error(`TRUST_PROXY ${reading.problem}`);
  return reading.proxies;
}
