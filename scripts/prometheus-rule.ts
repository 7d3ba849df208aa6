import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";

const REPOSITORY = path.resolve(import.meta.dirname, "..");

/** The plain Prometheus rule files: what the ConfigMaps ship and compose users load. */
export const RULE_FILES = [
  "k8s/base/monitoring/transcript-alerts.rules.yaml",
  "k8s/base/monitoring/operations.rules.yaml",
];

export const PROMETHEUS_RULE_FILE = "k8s/components/prometheus-rules/prometheus-rule.yaml";

/**
 * The Prometheus Operator's PrometheusRule holding every rule file's groups, so that the operator's
 * users and the plain-file users get the same rules from one source.
 */
export function prometheusRule(): string {
  const groups = RULE_FILES.flatMap(
    (file) => (parse(readFileSync(path.join(REPOSITORY, file), "utf8")) as { groups: unknown[] }).groups,
  );
  const rule = {
    apiVersion: "monitoring.coreos.com/v1",
    kind: "PrometheusRule",
    metadata: { name: "tubedigest", labels: { "app.kubernetes.io/part-of": "tubedigest" } },
    spec: { groups },
  };
  const source = RULE_FILES.join(" and ");
  return `# Written by \`make prometheus-rule\` from ${source}: edit those, then run it.\n${stringify(rule, { lineWidth: 0 })}`;
}
