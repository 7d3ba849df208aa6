import { describe, expect, it } from "vitest";
import type { ComposedSample } from "./compose-sample-newsletter.ts";
import {
  COMPLETE_SAMPLE_KEPT_MS,
  PARTIAL_SAMPLE_KEPT_MS,
  sampleNewsletterSource,
} from "./sample-newsletter-source.ts";

const sample = (subject: string) => ({ subject, content: `# ${subject}`, channels: [] });
/** A source whose compositions the test answers one by one, on a clock the test moves. */
function controlled() {
  let now = 1_000_000;
  const asked: ((answer: ComposedSample | Error) => void)[] = [];
  const errors: [fields: object, message: string][] = [];
  const get = sampleNewsletterSource({
    compose: () =>
      new Promise<ComposedSample>((resolve, reject) => {
        asked.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
      }),
    now: () => new Date(now),
    log: { info() {}, warn() {}, error: (fields, message) => errors.push([fields, message]) },
  });
  return {
    get,
    asked,
    errors,
    later: (ms: number) => {
      now += ms;
    },
  };
}

describe("sampleNewsletterSource", () => {
  it("composes once for every visitor asking at the same time, then keeps a complete sample for hours", async () => {
    const source = controlled();
    const first = [source.get(), source.get(), source.get()];
    expect(source.asked).toHaveLength(1);
    source.asked[0]?.({ sample: sample("Week one"), complete: true });
    expect((await Promise.all(first)).map((answer) => answer?.subject)).toEqual([
      "Week one",
      "Week one",
      "Week one",
    ]);
    source.later(COMPLETE_SAMPLE_KEPT_MS - 1);
    expect((await source.get())?.subject).toBe("Week one");
    expect(source.asked).toHaveLength(1);
  });

  it("answers the kept sample at once while a newer one is made, and the newer one after", async () => {
    const source = controlled();
    const first = source.get();
    source.asked[0]?.({ sample: sample("Week one"), complete: true });
    await first;
    source.later(COMPLETE_SAMPLE_KEPT_MS);
    expect((await source.get())?.subject).toBe("Week one");
    expect(source.asked).toHaveLength(2);
    source.asked[1]?.({ sample: sample("Week two"), complete: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await source.get())?.subject).toBe("Week two");
  });

  it("makes a partial sample again after a minute, and keeps the last good one when composing fails", async () => {
    const source = controlled();
    const first = source.get();
    source.asked[0]?.({ sample: sample("Half"), complete: false });
    await first;
    source.later(PARTIAL_SAMPLE_KEPT_MS - 1);
    await source.get();
    expect(source.asked).toHaveLength(1);
    source.later(1);
    expect((await source.get())?.subject).toBe("Half");
    expect(source.asked).toHaveLength(2);
    const failure = new Error("catalog is down");
    source.asked[1]?.(failure);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await source.get())?.subject).toBe("Half");
    expect(source.errors).toEqual([[{ err: failure }, "the sample newsletter could not be composed"]]);
  });

  it("has none while nothing could be composed, and asks again only after a minute", async () => {
    const source = controlled();
    const first = source.get();
    source.asked[0]?.({ sample: null, complete: false });
    expect(await first).toBeNull();
    expect(await source.get()).toBeNull();
    expect(source.asked).toHaveLength(1);
    source.later(PARTIAL_SAMPLE_KEPT_MS);
    const again = source.get();
    expect(source.asked).toHaveLength(2);
    source.asked[1]?.({ sample: sample("At last"), complete: true });
    expect((await again)?.subject).toBe("At last");
  });
});
