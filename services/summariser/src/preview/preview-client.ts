import { isIPv4, isIPv6 } from "node:net";

/**
 * The client a preview is counted against: its IPv4 address, or the /64 network of an IPv6 one, since
 * one home or host is given a whole /64 and could otherwise step through its addresses.
 */
export function previewClient(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail] = bare.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array(Math.max(0, 8 - before.length - after.length)).fill("0"), ...after];
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(":")}::/64`;
}
