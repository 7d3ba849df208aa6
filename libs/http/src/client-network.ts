import { isIPv6 } from "node:net";

/** An IPv6 address's eight 16-bit groups, however it is written; an IPv4 tail (`::ffff:1.2.3.4`) is the last two. */
function groupsOf(address: string): number[] {
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const [head = "", tail] = address.split("::");
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The client a per-client limit counts against: its IPv4 address (also when it comes mapped into IPv6),
 * or the /64 network of an IPv6 one, since one home or host is given a whole /64 and could otherwise step
 * through its addresses to escape any limit. A link-local address's zone is left out; what is no
 * address is counted as it was given.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return bare;
  const groups = groupsOf(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return groups
      .slice(6)
      .flatMap((group) => [group >> 8, group & 0xff])
      .join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
