import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBullMqJobId, toBullMqJobId } from "./bullmq-job-id.ts";

describe("job ids on BullMQ", () => {
  it("are neither integers nor hold a colon, and read back as given", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const stored = toBullMqJobId(id);
        expect(stored).not.toContain(":");
        expect(`${Number.parseInt(stored, 10)}`).not.toBe(stored);
        expect(fromBullMqJobId(stored)).toBe(id);
      }),
    );
  });

  it("stay readable", () => {
    expect(toBullMqJobId("digest:u1:2025-06-02T09:00Z")).toBe("job-digest%3Au1%3A2025-06-02T09%3A00Z");
    expect(toBullMqJobId("42")).toBe("job-42");
  });
});
