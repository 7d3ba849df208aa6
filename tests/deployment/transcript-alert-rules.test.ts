import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { kubernetesChecksRun, named, REPOSITORY, render } from "./support/kustomize.ts";

const RULES_FILE = "k8s/base/monitoring/transcript-alerts.rules.yaml";
const read = (file: string) => readFileSync(path.join(REPOSITORY, file), "utf8");

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules: Rule[] = (parse(read(RULES_FILE)) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const captionsFailing = rules.find((rule) => rule.alert === "SummariserCaptionsFailing");

/** The label values an expression matches with `label=~"a|b"` or `label="a"`, over all its selectors. */
function matched(expr: string, label: string): string[] {
  const values = [...expr.matchAll(new RegExp(`\\b${label}=~?"([^"]*)"`, "g"))].map(
    (match) => match[1] ?? "",
  );
  return [...new Set(values.flatMap((value) => value.split("|")))];
}

describe("the transcript chain's alert rules", () => {
  it("alert when captions fail for more than a fifth of a day's asks, with a severity and a summary", () => {
    expect(captionsFailing).toBeDefined();
    expect(captionsFailing?.expr).toMatch(/\[24h\]/);
    expect(captionsFailing?.expr).toMatch(/\)\s*>\s*0\.2\b/);
    expect(captionsFailing?.labels?.severity).toBe("warning");
    expect(captionsFailing?.annotations?.summary).toBeTruthy();
  });

  it("ask only for the metric the summariser exports, balanced in its brackets", () => {
    const expr = captionsFailing?.expr ?? "";
    expect(read("services/summariser/src/metrics/prometheus-metrics.ts")).toContain(
      'name: "summariser_transcript_steps_total"',
    );
    expect([...new Set(expr.match(/\b[a-z_]+_total\b/g))]).toEqual(["summariser_transcript_steps_total"]);
    for (const [open, close] of ["()", "[]", "{}"]) {
      expect(expr.split(open as string).length, `${open}${close}`).toBe(expr.split(close as string).length);
    }
  });

  it("count failures by outcomes the chain reports, and caption sources by the names they have", () => {
    const expr = captionsFailing?.expr ?? "";
    const declared = read("services/summariser/src/shared/summariser-metrics.ts").match(
      /export type TranscriptStepOutcome = ([^;]+);/,
    )?.[1];
    const outcomes = [...(declared ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]);
    expect(matched(expr, "outcome").sort()).toEqual(["failed", "rate-limited", "refused"]);
    for (const outcome of matched(expr, "outcome")) expect(outcomes).toContain(outcome);

    const sources = [
      read("services/summariser/src/adapters/transcripts/youtube-caption-source.ts"),
      read("services/summariser/src/adapters/transcripts/innertube-caption-source.ts"),
      read("services/summariser/src/adapters/transcripts/choose-transcript-source.ts"),
    ].join("\n");
    expect(matched(expr, "source").sort()).toEqual([
      "youtube-captions",
      "youtube-captions-proxy",
      "youtube-innertube",
    ]);
    for (const source of matched(expr, "source")) expect(sources).toContain(`"${source}"`);
  });

  it.skipIf(!kubernetesChecksRun())("ship as the ConfigMap summariser-alert-rules, file as it is", () => {
    const configMap = named(render("k8s/base"), "ConfigMap", "summariser-alert-rules");
    expect(configMap.data?.["transcript-alerts.rules.yaml"]).toBe(read(RULES_FILE));
  });
});
