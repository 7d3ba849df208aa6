import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileMjml } from "./compile-mjml.ts";

/** The CPU time of this process's children that have ended (Linux: utime + stime of `/proc/self/stat`), in clock ticks. */
function childrenCpuTicks(): number {
  const fields = (readFileSync("/proc/self/stat", "utf8").split(") ")[1] ?? "").split(" ");
  return Number(fields[13]) + Number(fields[14]);
}

const VALID = `<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe("compileMjml", () => {
  it("answers each source's HTML by name, placeholders kept", async () => {
    const html = await compileMjml([{ name: "hello", mjml: VALID }]);
    expect(html.get("hello")).toContain("Hello {{name}}");
    expect(html.get("hello")).toMatch(/^<!doctype html>/);
  });

  it("refuses invalid MJML under strict validation, naming the template and MJML's reason", async () => {
    const broken = `<mjml><mj-body><mj-section><mj-column><mj-text padding="wide">Hi</mj-text></mj-column></mj-section></mj-body></mjml>`;
    const misplaced = `<mjml><mj-body><mj-text>Hi</mj-text></mj-body></mjml>`;
    const compiling = compileMjml([
      { name: "hello", mjml: VALID },
      { name: "welcome", mjml: broken },
      { name: "receipt", mjml: misplaced },
    ]);
    await expect(compiling).rejects.toThrow(/"welcome" e-mail template is not valid MJML: .*padding/);
    await expect(compiling).rejects.toThrow(
      /"receipt" e-mail template is not valid MJML: .*mj-text cannot be used inside mj-body/,
    );
    await expect(compiling).rejects.not.toThrow(/"hello"/);
  });

  it("compiles a set of sources once per process: a second start of the mailer runs no child", async () => {
    const sources = [{ name: "hello", mjml: VALID.replace("Hello", `Hello ${randomUUID()}`) }];
    const before = childrenCpuTicks();
    const first = await compileMjml(sources);
    const compiled = childrenCpuTicks();
    const again = await compileMjml(sources);
    // A child loading MJML spends far more than a tick; none ran for the second set.
    expect(compiled - before).toBeGreaterThan(5);
    expect(childrenCpuTicks()).toBe(compiled);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
