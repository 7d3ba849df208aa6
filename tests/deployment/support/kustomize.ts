import { execFileSync } from "node:child_process";
import path from "node:path";
import { testInfra } from "@tubedigest/testing/test-infra";
import { parseAllDocuments } from "yaml";

export const REPOSITORY = path.resolve(import.meta.dirname, "../../..");

/** A Kubernetes object as kustomize renders it: only the fields the checks read are typed. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: a rendered manifest's body is whatever its kind says.
  spec?: any;
  data?: Record<string, string>;
}

export const KUSTOMIZATIONS = ["k8s/base", "k8s/overlays/dev", "k8s/overlays/production"] as const;
export type Kustomization = (typeof KUSTOMIZATIONS)[number];

/**
 * kubectl's built-in kustomize: the renderer `kubectl apply -k` uses, so what is checked is what a cluster
 * receives. No npm package carries a current kustomize; a machine without kubectl cannot run these checks.
 */
export function kubectlAvailable(): boolean {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function render(kustomization: Kustomization): KubernetesObject[] {
  const output = execFileSync("kubectl", ["kustomize", path.join(REPOSITORY, kustomization)], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as KubernetesObject;
  });
}

export function ofKind(objects: KubernetesObject[], kind: string): KubernetesObject[] {
  return objects.filter((object) => object.kind === kind);
}

export function named(objects: KubernetesObject[], kind: string, name: string): KubernetesObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered manifests`);
  return found;
}

/**
 * Whether these checks can run here. CI sets REQUIRE_KUBECTL=1 (.ci/run), where a missing kubectl is a
 * failure; on a developer's machine without it the Kubernetes checks are skipped with a warning.
 */
export function kubernetesChecksRun(): boolean {
  if (kubectlAvailable()) return true;
  if (testInfra.kubectlRequired) throw new Error("kubectl is required to render k8s/ (REQUIRE_KUBECTL=1)");
  console.warn("kubectl not found: the Kubernetes manifest checks are skipped (install kubectl to run them)");
  return false;
}
