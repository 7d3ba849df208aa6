import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import {
  type KubernetesObject,
  kubernetesChecksRun,
  ofKind,
  REPOSITORY,
  render,
} from "./support/kustomize.ts";

/** An overlay of the base with the tracing component, as an operator writes one. */
function renderWithTracing(): KubernetesObject[] {
  const overlay = mkdtempSync(path.join(tmpdir(), "td-tracing-overlay-"));
  try {
    const from = (target: string) => path.relative(overlay, path.join(REPOSITORY, target));
    writeFileSync(
      path.join(overlay, "kustomization.yaml"),
      `resources: [${from("k8s/base")}]\ncomponents: [${from("k8s/components/tracing")}]\n`,
    );
    const output = execFileSync("kubectl", ["kustomize", overlay], { encoding: "utf8", maxBuffer: 16 << 20 });
    return parseAllDocuments(output).map((document) => document.toJS() as KubernetesObject);
  } finally {
    rmSync(overlay, { recursive: true, force: true });
  }
}

/** The ConfigMaps a Deployment reads its environment from. */
function configMapsOf(deployment: KubernetesObject): string[] {
  const containers: { envFrom?: { configMapRef?: { name: string } }[] }[] =
    deployment.spec.template.spec.containers;
  return containers.flatMap((container) =>
    (container.envFrom ?? []).flatMap((source) => (source.configMapRef ? [source.configMapRef.name] : [])),
  );
}

const endpointOf = (objects: KubernetesObject[], deployment: KubernetesObject) =>
  configMapsOf(deployment)
    .map((name) => objects.find((object) => object.kind === "ConfigMap" && object.metadata.name === name))
    .map((configMap) => configMap?.data?.OTEL_EXPORTER_OTLP_ENDPOINT)
    .find((value) => value !== undefined);

describe.runIf(kubernetesChecksRun())("the tracing component", () => {
  it("names the collector to every service, and the base to none", () => {
    const traced = renderWithTracing();
    const deployments = ofKind(traced, "Deployment");
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([
      "auth",
      "billing",
      "catalog",
      "gateway",
      "mailer",
      "scheduler",
      "summariser",
    ]);
    for (const deployment of deployments) {
      expect(endpointOf(traced, deployment), deployment.metadata.name).toBe(
        "http://otel-collector.observability:4318",
      );
    }
    const base = render("k8s/base");
    for (const deployment of ofKind(base, "Deployment")) expect(endpointOf(base, deployment)).toBeUndefined();
  });
});
