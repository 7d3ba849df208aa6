import { describe, expect, it } from "vitest";
import { previewClient } from "./preview-client.ts";

describe("the client a preview is counted against", () => {
  it("is an IPv4 address as it is, also when it comes mapped into IPv6", () => {
    expect(previewClient("203.0.113.7")).toBe("203.0.113.7");
    expect(previewClient("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(previewClient("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 network of an IPv6 address, however it is written", () => {
    expect(previewClient("2001:db8:abcd:12:ffff:1:2:3")).toBe("2001:db8:abcd:12::/64");
    expect(previewClient("2001:db8:abcd:12:1::5")).toBe("2001:db8:abcd:12::/64");
    expect(previewClient("2001:0db8:00ab:0012::1")).toBe("2001:db8:ab:12::/64");
    expect(previewClient("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(previewClient("1:2:3:4:5:6::")).toBe("1:2:3:4::/64");
    expect(previewClient("::1")).toBe("0:0:0:0::/64");
    // Groups after the gap that reach into the network's four.
    expect(previewClient("2001::3:4:5:6:7:8")).toBe("2001:0:3:4::/64");
    expect(previewClient("::3:4:5:6:7:8")).toBe("0:0:3:4::/64");
    expect(previewClient("::")).toBe("0:0:0:0::/64");
    // Only an address that starts with the mapped prefix is an IPv4 one.
    expect(previewClient("1::ffff:1.2.3.4")).toBe("1:0:0:0::/64");
  });

  it("is the same for every address of one /64, and differs for the next network", () => {
    expect(previewClient("2001:db8:1:2::a")).toBe(previewClient("2001:db8:1:2:ffff:ffff:ffff:b"));
    expect(previewClient("2001:db8:1:3::a")).not.toBe(previewClient("2001:db8:1:2::a"));
  });

  it("leaves out a link-local address's zone", () => {
    expect(previewClient("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(previewClient("fe80:0:0:0:aa:bb:cc:dd%2")).toBe("fe80:0:0:0::/64");
  });

  it("counts what is no address as it was given", () => {
    expect(previewClient("::ffff:1.2.3.4.5")).toBe("::ffff:1.2.3.4.5");
    expect(previewClient("::ffff:999.1.2.3")).toBe("::ffff:999.1.2.3");
    expect(previewClient("unknown")).toBe("unknown");
  });
});
