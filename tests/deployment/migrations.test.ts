import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freshComposeEnv } from "../../scripts/compose-env.ts";
import { COMPOSE_FILE, composeEnvironment } from "./support/compose.ts";
import { declaredEnvironment, readEnvFile, resolvedEnvironment } from "./support/deployment-environment.ts";
import {
  KUSTOMIZATIONS,
  type KubernetesObject,
  type Kustomization,
  kubernetesChecksRun,
  named,
  ofKind,
  REPOSITORY,
  render,
} from "./support/kustomize.ts";
import { SERVICES } from "./support/services.ts";

/** The services that keep a schema, each with a migrate step (`main.js migrate`). */
const MIGRATED = Object.keys(SERVICES)
  .filter((name) => SERVICES[name]?.migrate)
  .sort();

const migrateStep = (name: string) => {
  const step = SERVICES[name]?.migrate;
  if (!step) throw new Error(`${name} has no migrate step`);
  return step;
};
/** The variables the migrate step reads, as the service's main.js loads them with `migrate`. */
const stepVariables = (name: string) => Object.keys(migrateStep(name).environment.properties);
const startsStep = (name: string, env: Record<string, string>) =>
  loadConfig(migrateStep(name).environment, env) as { DATABASE_URL: string; DATABASE_SCHEMA: string };
const startsService = (name: string, env: Record<string, string>) =>
  loadConfig(SERVICES[name]?.environment, env) as {
    DATABASE_URL: string;
    DATABASE_SCHEMA: string;
    MIGRATIONS: string;
  };

const COMMAND = (name: string) => [
  "node",
  "--enable-source-maps",
  `services/${name}/dist/main.js`,
  "migrate",
];

interface ComposeEntry {
  image?: string;
  build?: unknown;
  restart?: string;
  command?: string[];
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

describe("the migrate steps", () => {
  it("are the services that keep a schema in Postgres", () => {
    expect(MIGRATED).toEqual(["auth", "billing", "catalog", "mailer", "summariser"]);
    for (const name of MIGRATED) {
      expect(stepVariables(name).sort()).toEqual(["DATABASE_SCHEMA", "DATABASE_URL", "LOG_LEVEL"]);
    }
  });

  describe("in docker-compose.yml", () => {
    const compose = parse(readFileSync(COMPOSE_FILE, "utf8"), { merge: true }) as {
      services: Record<string, ComposeEntry>;
    };
    const exampleEnv = readFileSync(path.join(REPOSITORY, ".env.example"), "utf8");
    const upEnv = parseEnv(freshComposeEnv(exampleEnv)) as Record<string, string>;

    it("has a one-off migrate-<service> for exactly the services with a schema", () => {
      const oneOffs = Object.keys(compose.services).filter((name) => name.startsWith("migrate-"));
      expect(oneOffs.sort()).toEqual(MIGRATED.map((name) => `migrate-${name}`));
    });

    it.each(MIGRATED)("runs %s's step once, hardened, in its image, on its database", (name) => {
      const step = compose.services[`migrate-${name}`] as ComposeEntry;
      const service = compose.services[name] as ComposeEntry;
      expect(step.image).toBe(service.image);
      // Only the service builds the image, so each is built once.
      expect(step.build).toBeUndefined();
      expect(step.restart).toBe("no");
      expect(step.command).toEqual(COMMAND(name));
      expect(step).toMatchObject({ read_only: true, cap_drop: ["ALL"] });
      expect(step.security_opt).toContain("no-new-privileges:true");
      expect(step.depends_on?.postgres).toEqual({ condition: "service_healthy" });
      // Only what the step reads: none of the service's other secrets.
      expect(Object.keys(step.environment ?? {}).filter((v) => !stepVariables(name).includes(v))).toEqual([]);
      const stepEnv = startsStep(name, composeEnvironment(step, upEnv));
      const serviceEnv = startsService(name, composeEnvironment(service, upEnv));
      expect(stepEnv.DATABASE_URL).toBe(serviceEnv.DATABASE_URL);
      expect(stepEnv.DATABASE_SCHEMA).toBe(serviceEnv.DATABASE_SCHEMA);
    });

    it.each(MIGRATED)("starts %s only after its step succeeded, waiting for the schema", (name) => {
      const service = compose.services[name] as ComposeEntry;
      expect(service.depends_on?.[`migrate-${name}`]).toEqual({
        condition: "service_completed_successfully",
      });
      expect(startsService(name, composeEnvironment(service, upEnv)).MIGRATIONS).toBe("wait");
    });
  });

  describe.skipIf(!kubernetesChecksRun())("as Kubernetes Jobs", () => {
    // The example Secret with its placeholders replaced, as an operator fills it in.
    const example = Object.fromEntries(
      Object.entries(readEnvFile("k8s/base/secrets.example.env")).map(([key, value]) => [
        key,
        value.replace(/REPLACE_WITH_\w+|REPLACE_OR_REMOVE|\bPASSWORD\b/g, () =>
          randomBytes(24).toString("hex"),
        ),
      ]),
    );
    const secrets: Record<Kustomization, Record<string, string>> = {
      "k8s/base": example,
      "k8s/overlays/dev": readEnvFile("k8s/overlays/dev/secrets.dev.env"),
      "k8s/overlays/production": example,
    };

    describe.each(KUSTOMIZATIONS)("%s", (kustomization) => {
      const objects = render(kustomization);
      const containerOf = (workload: KubernetesObject) => workload.spec.template.spec.containers[0];

      it("has a Job for exactly the services with a schema", () => {
        expect(
          ofKind(objects, "Job")
            .map((job) => job.metadata.name)
            .sort(),
        ).toEqual(MIGRATED.map((name) => `migrate-${name}`));
      });

      it.each(MIGRATED)("runs %s's step in a hardened Job, in the Deployment's image", (name) => {
        const job = named(objects, "Job", `migrate-${name}`);
        const deployment = named(objects, "Deployment", name);
        const pod = job.spec.template.spec;
        const container = containerOf(job);
        expect(container.image).toBe(containerOf(deployment).image);
        expect(container.command).toEqual(COMMAND(name));
        expect(job.spec.backoffLimit).toBeGreaterThan(0);
        expect(pod.restartPolicy).toBe("Never");
        // Not selected by the service's Service, disruption budget or NetworkPolicy.
        expect(job.spec.template.metadata.labels.app).toBe(`migrate-${name}`);
        expect(pod.securityContext).toMatchObject({
          runAsNonRoot: true,
          seccompProfile: { type: "RuntimeDefault" },
        });
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          privileged: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ["ALL"] },
        });
        for (const kind of ["requests", "limits"]) {
          expect(container.resources?.[kind]?.cpu, `${kind}.cpu`).toBeDefined();
          expect(container.resources?.[kind]?.memory, `${kind}.memory`).toBeDefined();
        }
        const tmp = container.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === "/tmp");
        const volume = pod.volumes.find((candidate: { name: string }) => candidate.name === tmp?.name);
        expect(volume?.emptyDir?.sizeLimit).toBeDefined();
      });

      it.each(MIGRATED)(
        "gives %s's Job its Deployment's database and no other secret, and the Deployment MIGRATIONS=wait",
        (name) => {
          const job = named(objects, "Job", `migrate-${name}`);
          const deployment = named(objects, "Deployment", name);
          const ownEnv = (containerOf(job).env ?? []).map((variable: { name: string }) => variable.name);
          expect(ownEnv.filter((variable: string) => !stepVariables(name).includes(variable))).toEqual([]);
          const secret = secrets[kustomization];
          const stepEnv = startsStep(name, resolvedEnvironment(declaredEnvironment(objects, job), secret));
          // The Deployment with only the keys it must have: optional ones (Stripe, DKIM) are the operator's.
          const declared = declaredEnvironment(objects, deployment);
          const required = [...declared.values()].flatMap((value) =>
            typeof value === "string" || value.optional ? [] : [value.key],
          );
          const smallest = Object.fromEntries(required.map((key) => [key, secret[key] as string]));
          const serviceEnv = startsService(name, resolvedEnvironment(declared, smallest));
          expect(stepEnv.DATABASE_URL).toBe(serviceEnv.DATABASE_URL);
          expect(stepEnv.DATABASE_SCHEMA).toBe(serviceEnv.DATABASE_SCHEMA);
          expect(serviceEnv.MIGRATIONS).toBe("wait");
        },
      );
    });
  });
});
