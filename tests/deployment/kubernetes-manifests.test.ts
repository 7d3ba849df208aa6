import { describe, expect, it } from "vitest";
import { validateAgainstKubernetesSchema } from "./support/kubernetes-schemas.ts";
import {
  KUSTOMIZATIONS,
  type KubernetesObject,
  kubernetesChecksRun,
  named,
  ofKind,
  render,
} from "./support/kustomize.ts";
import { defaultPort, SERVICES } from "./support/services.ts";

/** Every service keeps no state of its own between requests but the scheduler, which runs a fixed two. */
const AUTOSCALED = Object.keys(SERVICES).filter((name) => name !== "scheduler");

const serverOf = (deployment: KubernetesObject) => deployment.spec.template.spec.containers[0];

describe.skipIf(!kubernetesChecksRun())("the Kubernetes manifests", () => {
  const rendered = Object.fromEntries(KUSTOMIZATIONS.map((name) => [name, render(name)]));

  describe.each(KUSTOMIZATIONS)("%s", (kustomization) => {
    const objects = rendered[kustomization] as KubernetesObject[];

    it("validates, object by object, against Kubernetes' schemas", async () => {
      expect(objects.length).toBeGreaterThan(30);
      for (const object of objects) await validateAgainstKubernetesSchema(object);
    });

    it("names no object twice", () => {
      const keys = objects.map(
        (object) => `${object.kind}/${object.metadata.namespace ?? ""}/${object.metadata.name}`,
      );
      expect(new Set(keys).size).toBe(keys.length);
    });

    it.each(Object.keys(SERVICES))(
      "has %s's Deployment and Service, hardened, with probes and limits",
      (name) => {
        const deployment = named(objects, "Deployment", name);
        const pod = deployment.spec.template.spec;
        const server = serverOf(deployment);
        const selector = deployment.spec.selector.matchLabels;
        expect(selector).toEqual({ app: name });
        expect(deployment.spec.template.metadata.labels).toMatchObject(selector);

        // The port it listens on when PORT is unset, named `http` for the probes and the Service.
        const ports = Object.fromEntries(
          server.ports.map((port: { name: string; containerPort: number }) => [
            port.name,
            port.containerPort,
          ]),
        );
        expect(ports.http).toBe(defaultPort(name));
        for (const probe of ["startupProbe", "livenessProbe", "readinessProbe"]) {
          expect(server[probe]?.httpGet, `${name} ${probe}`).toBeDefined();
          expect(Object.keys(ports)).toContain(server[probe].httpGet.port);
          expect(server[probe].httpGet.path).toMatch(/^\/(healthz|readyz)$/);
        }
        expect(server.readinessProbe.httpGet.path).toBe("/readyz");
        expect(server.livenessProbe.httpGet.path).toBe("/healthz");

        for (const kind of ["requests", "limits"]) {
          expect(server.resources?.[kind]?.cpu, `${name} ${kind}.cpu`).toBeDefined();
          expect(server.resources?.[kind]?.memory, `${name} ${kind}.memory`).toBeDefined();
        }

        expect(pod.securityContext).toMatchObject({
          runAsNonRoot: true,
          seccompProfile: { type: "RuntimeDefault" },
        });
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(server.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          privileged: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ["ALL"] },
        });
        // The one writable place, /tmp, is an emptyDir of bounded size.
        const tmp = server.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === "/tmp");
        const volume = pod.volumes.find((candidate: { name: string }) => candidate.name === tmp?.name);
        expect(volume?.emptyDir?.sizeLimit).toBeDefined();

        const service = named(objects, "Service", name);
        expect(service.spec.selector).toEqual(selector);
        expect(service.spec.ports).toEqual([
          expect.objectContaining({ name: "http", targetPort: "http", port: defaultPort(name) }),
        ]);
      },
    );

    it("scales every stateless service between two and more replicas, and keeps the scheduler at two", () => {
      const autoscalers = ofKind(objects, "HorizontalPodAutoscaler");
      expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual([...AUTOSCALED].sort());
      for (const hpa of autoscalers) {
        expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: "apps/v1", kind: "Deployment" });
        expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
        // The autoscaler owns the count: a Deployment's own would be reset by every apply.
        expect(named(objects, "Deployment", hpa.spec.scaleTargetRef.name).spec.replicas).toBeUndefined();
      }
      if (kustomization !== "k8s/overlays/dev") {
        for (const hpa of autoscalers) expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      }
      expect(named(objects, "Deployment", "scheduler").spec.replicas).toBe(2);
    });

    it("lets a drain take at most one pod of each service at a time", () => {
      const budgets = ofKind(objects, "PodDisruptionBudget");
      expect(budgets.map((budget) => budget.spec.selector.matchLabels.app).sort()).toEqual(
        Object.keys(SERVICES).sort(),
      );
      for (const budget of budgets) expect(budget.spec.maxUnavailable).toBe(1);
    });

    it("routes the Ingress to the gateway's http port, and nothing else", () => {
      const [ingress, ...others] = ofKind(objects, "Ingress");
      expect(others).toEqual([]);
      const backends = ingress?.spec.rules.flatMap((rule: { http: { paths: { backend: unknown }[] } }) =>
        rule.http.paths.map((path) => path.backend),
      );
      expect(backends).toEqual([{ service: { name: "gateway", port: { name: "http" } } }]);
    });

    it("asks for a Secret only by key, and never holds a real one", () => {
      for (const secret of ofKind(objects, "Secret")) {
        expect(kustomization, `Secret ${secret.metadata.name}`).toBe("k8s/overlays/dev");
      }
    });
  });

  describe("the production overlay", () => {
    const objects = rendered["k8s/overlays/production"] as KubernetesObject[];

    it("brings no infrastructure of its own and no Secret: those are the operator's", () => {
      const deployments = [...ofKind(objects, "Deployment"), ...ofKind(objects, "StatefulSet")];
      expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
        Object.keys(SERVICES).sort(),
      );
      expect(ofKind(objects, "Secret")).toEqual([]);
    });

    it("serves HTTPS on its own host and takes traffic only from the ingress controller", () => {
      const ingress = named(objects, "Ingress", "gateway");
      const hosts = ingress.spec.rules.map((rule: { host?: string }) => rule.host);
      expect(hosts.every((host: string | undefined) => typeof host === "string")).toBe(true);
      expect(ingress.spec.tls?.[0]?.hosts).toEqual(hosts);
      const policy = named(objects, "NetworkPolicy", "gateway-ingress");
      for (const rule of policy.spec.ingress)
        expect(rule.from?.length, "a source for every rule").toBeGreaterThan(0);
    });

    it("runs released images, never the dev tag", () => {
      for (const deployment of ofKind(objects, "Deployment")) {
        const image: string = serverOf(deployment).image;
        expect(image).toMatch(/:[^:/]+$/);
        expect(image).not.toMatch(/:(dev|latest)$/);
      }
    });
  });
});
