import { describe, expect, it } from "vitest";
import { declaredEnvironment, readEnvFile, resolvedEnvironment } from "./support/deployment-environment.ts";
import { type KubernetesObject, kubernetesChecksRun, ofKind, render } from "./support/kustomize.ts";
import { SERVICES } from "./support/services.ts";

type Flows = Map<string, Set<string>>;

interface PeerSelector {
  podSelector?: {
    matchLabels?: { app?: string };
    matchExpressions?: { key: string; operator: string; values: string[] }[];
  };
}

const add = (flows: Flows, key: string, source: string) => {
  flows.set(key, (flows.get(key) ?? new Set()).add(source));
};

/**
 * The connections the code makes: every variable a Deployment or migrate Job is given that holds a URL whose host is a
 * Service of the namespace (http://catalog:4002, postgres://…@postgres:5432/…) is one flow, caller →
 * "host:port". The dev overlay names its infrastructure by Service too, so its broker, database, cache
 * and mail flows show as well.
 */
function flowsInConfiguration(objects: KubernetesObject[], secret: Record<string, string>): Flows {
  const inNamespace = new Set(ofKind(objects, "Service").map((service) => service.metadata.name));
  const flows: Flows = new Map();
  // The migrate Jobs connect too, under their pods' label (migrate-auth, ...).
  for (const workload of [...ofKind(objects, "Deployment"), ...ofKind(objects, "Job")]) {
    const caller = workload.metadata.name;
    const service = SERVICES[caller.replace(/^migrate-/, "")];
    if (!service) continue;
    // A migrate Job is handed its service's ConfigMap, but its step reads only the database's variables.
    const reads =
      workload.kind === "Job" ? Object.keys(service.migrate?.environment.properties ?? {}) : undefined;
    const env = resolvedEnvironment(declaredEnvironment(objects, workload), secret);
    for (const [name, value] of Object.entries(env)) {
      if (reads && !reads.includes(name)) continue;
      if (!URL.canParse(value)) continue;
      const { hostname, port } = new URL(value);
      if (inNamespace.has(hostname)) add(flows, `${hostname}:${port}`, caller);
    }
  }
  return flows;
}

/** What the NetworkPolicies let through, pod to pod: "app:port" → the apps allowed to open it. */
function flowsAllowed(objects: KubernetesObject[]): { flows: Flows; openToAll: string[] } {
  const flows: Flows = new Map();
  const openToAll: string[] = [];
  for (const policy of ofKind(objects, "NetworkPolicy")) {
    const target = policy.spec.podSelector.matchLabels?.app as string | undefined;
    for (const rule of policy.spec.ingress ?? []) {
      const ports = (rule.ports ?? []).map((port: { port: number }) => `${target}:${port.port}`);
      const peers: PeerSelector[] = rule.from ?? [];
      if (peers.length === 0) openToAll.push(...ports);
      const sources = peers.flatMap((peer) =>
        peer.podSelector?.matchLabels?.app
          ? [peer.podSelector.matchLabels.app]
          : (peer.podSelector?.matchExpressions ?? []).flatMap((expression) =>
              expression.key === "app" && expression.operator === "In" ? expression.values : [],
            ),
      );
      for (const key of ports) for (const source of sources) add(flows, key, source);
    }
  }
  return { flows, openToAll };
}

const sorted = (flows: Flows) =>
  Object.fromEntries([...flows.entries()].sort().map(([key, sources]) => [key, [...sources].sort()]));

describe.skipIf(!kubernetesChecksRun())("the NetworkPolicies", () => {
  const objects = render("k8s/overlays/dev");
  const { flows, openToAll } = flowsAllowed(objects);

  it("deny every connection no rule names", () => {
    const denyAll = ofKind(objects, "NetworkPolicy").find(
      (policy) => policy.metadata.name === "default-deny-ingress",
    );
    expect(denyAll?.spec).toEqual({ podSelector: {}, policyTypes: ["Ingress"] });
  });

  it("allow exactly the HTTP, database, Redis, broker and mail connections the services are configured to make", () => {
    const made = flowsInConfiguration(objects, readEnvFile("k8s/overlays/dev/secrets.dev.env"));
    expect(sorted(flows)).toEqual(sorted(made));
  });

  it("leave only the gateway's port open to any source", () => {
    expect(openToAll).toEqual(["gateway:3000"]);
  });
});
