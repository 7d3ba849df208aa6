// `make prometheus-rule`: writes the Prometheus Operator's PrometheusRule from the plain rule files.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PROMETHEUS_RULE_FILE, prometheusRule } from "./prometheus-rule.ts";

const target = path.resolve(import.meta.dirname, "..", PROMETHEUS_RULE_FILE);
writeFileSync(target, prometheusRule());
console.warn(`wrote ${target}`);
