import { ConfigError, loadConfig } from "@tubedigest/config";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { TrustProxy, trustedProxies } from "./trust-proxy.ts";

const Schema = Type.Object({ TRUST_PROXY: TrustProxy });
const read = (value?: string) => trustedProxies(loadConfig(Schema, { TRUST_PROXY: value }).TRUST_PROXY);
const problem = (value: string) => {
  try {
    read(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, 0 or false", () => {
    expect(read()).toBe(0);
    expect(read("0")).toBe(0);
    expect(read("false")).toBe(0);
  });

  it("takes a number of proxies", () => {
    expect(read("1")).toBe(1);
    expect(read("2")).toBe(2);
  });

  it("takes proxy addresses and CIDRs, comma-separated", () => {
    expect(read("10.0.0.0/8, 192.0.2.1,fd00::/8 ,::1")).toEqual([
      "10.0.0.0/8",
      "192.0.2.1",
      "fd00::/8",
      "::1",
    ]);
  });

  it("refuses true, saying what to give instead", () => {
    expect(problem("true")).toEqual([
      'TRUST_PROXY cannot be "true", which would let every client pick its own address: give the number of proxies in front (1 behind one load balancer or ingress) or their addresses/CIDRs, comma-separated (got "true")',
    ]);
  });

  it.each([
    "10.0.0.300",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/8/1",
    "10.0.0.1,",
    "loadbalancer",
    "-1",
    "1.5",
  ])("refuses %s, naming the entry", (value) => {
    const [message] = problem(value);
    expect(message).toMatch(/^TRUST_PROXY holds ".*", neither an IP address nor a CIDR: give the number/);
  });
});
