import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { testInfra } from "@tubedigest/testing/test-infra";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROMETHEUS_RULE_FILE, prometheusRule, RULE_FILES } from "../../scripts/prometheus-rule.ts";
import { kubernetesChecksRun, named, REPOSITORY, render } from "./support/kustomize.ts";

const DASHBOARD_FILE = "k8s/base/monitoring/tubedigest-dashboard.json";
const read = (file: string) => readFileSync(path.join(REPOSITORY, file), "utf8");

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string }[];
}

const rules: Rule[] = RULE_FILES.flatMap((file) =>
  (parse(read(file)) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules),
);
const alerts = rules.filter((rule) => rule.alert !== undefined);
const recorded = new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : [])));
const dashboard = JSON.parse(read(DASHBOARD_FILE)) as { uid: string; title: string; panels: Panel[] };
const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);

/** Every metric name the services and libraries declare (`name: "…"` beside help text). */
function declaredMetrics(): Set<string> {
  const names = new Set<string>();
  const visit = (directory: string) => {
    for (const entry of readdirSync(path.join(REPOSITORY, directory), { withFileTypes: true })) {
      const relative = path.join(directory, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== "dist") visit(relative);
      else if (entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const match of read(relative).matchAll(/name: "([a-z_][a-z0-9_]*)",?\s*\n?\s*help:/g)) {
          names.add(match[1] ?? "");
        }
      }
    }
  };
  for (const root of ["services", "libs"]) visit(root);
  return names;
}

/** The metric names a PromQL expression reads: no functions, labels, label values or recorded rules. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\b(by|without)\s*\([^)]*\)/g, "")
    .replace(/\[[^\]]*\]/g, "");
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  const functions = new Set(["sum", "max", "min", "rate", "increase", "histogram_quantile", "and", "or"]);
  return [
    ...new Set(words.filter((word) => !functions.has(word) && !word.includes(":") && word.includes("_"))),
  ];
}

const histogramBase = (name: string) => name.replace(/_(bucket|count|sum)$/, "");

describe("the operations files: rules, the PrometheusRule and the dashboard", () => {
  const declared = declaredMetrics();

  it("read only metrics the services export, and recorded series the rules record", () => {
    const read = [...rules.map((rule) => rule.expr), ...queries];
    const unknown = read
      .flatMap(metricsIn)
      .filter((name) => !declared.has(name) && !declared.has(histogramBase(name)));
    expect(unknown).toEqual([]);
    const recordedRead = read.flatMap((expr) => expr.match(/\btubedigest:[a-z_:0-9]+/g) ?? []);
    expect(recordedRead.length).toBeGreaterThan(0);
    for (const name of recordedRead) expect(recorded, name).toContain(name);
  });

  it("give every alert a severity, a summary and the runbook's place, and list each in the runbook", () => {
    const runbook = read("docs/deploying.md").split("### Objectives and alerts")[1] ?? "";
    expect(runbook).not.toBe("");
    for (const alert of alerts) {
      expect(["critical", "warning"], alert.alert).toContain(alert.labels?.severity);
      expect(alert.annotations?.summary, alert.alert).toBeTruthy();
      expect(alert.annotations?.description ?? "", alert.alert).toMatch(/docs\/deploying\.md/);
      expect(runbook, alert.alert).toContain(`\`${alert.alert}\``);
    }
  });

  it("pass promtool's check", () => {
    let promtool = true;
    try {
      execFileSync("promtool", ["--version"], { stdio: "ignore" });
    } catch {
      promtool = false;
    }
    if (!promtool && !testInfra.promtoolRequired) return;
    for (const file of RULE_FILES) {
      const output = execFileSync("promtool", ["check", "rules", path.join(REPOSITORY, file)], {
        encoding: "utf8",
      });
      expect(output, file).toMatch(/SUCCESS/);
    }
  });

  it("carry the same rules in the PrometheusRule as in the plain files", () => {
    expect(read(PROMETHEUS_RULE_FILE), "run `make prometheus-rule`").toBe(prometheusRule());
    const rule = parse(read(PROMETHEUS_RULE_FILE).replace(/^#.*\n/, "")) as {
      kind: string;
      spec: { groups: { rules: Rule[] }[] };
    };
    expect(rule.kind).toBe("PrometheusRule");
    expect(rule.spec.groups.flatMap((group) => group.rules)).toEqual(rules);
  });

  it("lay the dashboard out as Grafana reads it: unique ids, a chosen data source, 24 columns", () => {
    expect(dashboard.uid).toBe("tubedigest-operations");
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const titles = dashboard.panels.filter((panel) => panel.type === "row").map((panel) => panel.title);
    expect(titles).toEqual(expect.arrayContaining(["Digests", "Event bus", "Money"]));
    for (const panel of dashboard.panels.filter((each) => each.type !== "row")) {
      // Grafana's own variable syntax, chosen when the dashboard is imported.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable, not a template literal.
      expect(panel.datasource?.uid, panel.title).toBe("${datasource}");
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
    }
  });

  it.skipIf(!kubernetesChecksRun())(
    "ship the rules and the dashboard as ConfigMaps, files as they are",
    () => {
      const objects = render("k8s/base");
      expect(named(objects, "ConfigMap", "operations-alert-rules").data?.["operations.rules.yaml"]).toBe(
        read("k8s/base/monitoring/operations.rules.yaml"),
      );
      const board = named(objects, "ConfigMap", "tubedigest-grafana-dashboard");
      expect(board.data?.["tubedigest-dashboard.json"]).toBe(read(DASHBOARD_FILE));
      expect(board.metadata.labels?.grafana_dashboard).toBe("1");
    },
  );
});
