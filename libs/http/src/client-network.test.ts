import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network.ts";

describe("the client a limit is counted against", () => {
  it("is an IPv4 address as it is, also when it comes mapped into IPv6, however that is written", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("is the /64 network of an IPv6 address, however it is written", () => {
    expect(clientNetwork("2001:db8:abcd:12:ffff:1:2:3")).toBe("2001:db8:abcd:12::/64");
    expect(clientNetwork("2001:db8:abcd:12:1::5")).toBe("2001:db8:abcd:12::/64");
    expect(clientNetwork("2001:0db8:00ab:0012::1")).toBe("2001:db8:ab:12::/64");
    expect(clientNetwork("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("1:2:3:4:5:6::")).toBe("1:2:3:4::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    // Groups after the gap that reach into the network's four.
    expect(clientNetwork("2001::3:4:5:6:7:8")).toBe("2001:0:3:4::/64");
    expect(clientNetwork("::3:4:5:6:7:8")).toBe("0:0:3:4::/64");
    expect(clientNetwork("::")).toBe("0:0:0:0::/64");
    // An IPv4 tail is two groups, so the gap before it is one group shorter.
    expect(clientNetwork("1::2:3:4:5:1.2.3.4")).toBe("1:0:2:3::/64");
    // Only an address that starts with the mapped prefix is an IPv4 one.
    expect(clientNetwork("1::ffff:1.2.3.4")).toBe("1:0:0:0::/64");
    expect(clientNetwork("::1.2.3.4")).toBe("0:0:0:0::/64");
  });

  it("is the same for every address of one /64, and differs for the next network", () => {
    expect(clientNetwork("2001:db8:1:2::a")).toBe(clientNetwork("2001:db8:1:2:ffff:ffff:ffff:b"));
    expect(clientNetwork("2001:db8:1:3::a")).not.toBe(clientNetwork("2001:db8:1:2::a"));
  });

  it("leaves out a link-local address's zone", () => {
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("fe80:0:0:0:aa:bb:cc:dd%2")).toBe("fe80:0:0:0::/64");
  });

  it("counts what is no address as it was given", () => {
    expect(clientNetwork("::ffff:1.2.3.4.5")).toBe("::ffff:1.2.3.4.5");
    expect(clientNetwork("::ffff:999.1.2.3")).toBe("::ffff:999.1.2.3");
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
