import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { ConfigError, loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { freshComposeEnv } from "../../scripts/compose-env.ts";
import { composeEnvironment, composeVariables, readCompose } from "./support/compose.ts";
import { declaredEnvironment, readEnvFile, resolvedEnvironment } from "./support/deployment-environment.ts";
import {
  type KubernetesObject,
  type Kustomization,
  kubernetesChecksRun,
  named,
  ofKind,
  REPOSITORY,
  render,
} from "./support/kustomize.ts";
import {
  defaultPort,
  knownVariables,
  requiredVariables,
  SERVICES,
  serviceFolders,
} from "./support/services.ts";

const NAMES = Object.keys(SERVICES).sort();
const exampleEnv = readFileSync(path.join(REPOSITORY, ".env.example"), "utf8");
/** The .env `make up` writes on first use. */
const upEnv = parseEnv(freshComposeEnv(exampleEnv)) as Record<string, string>;
const compose = readCompose();
const composeServices = Object.keys(compose.services).filter((name) => compose.services[name]?.build);

/** Starts the service's configuration as its main.ts does, from exactly this environment. */
const settingsFrom = (name: string, env: Record<string, string>) => {
  const service = SERVICES[name];
  if (!service) throw new Error(`no service ${name}`);
  return service.settingsFrom(loadConfig(service.environment, env)) as Record<string, unknown>;
};

/** Whether the service refuses this environment for an unsafe value (a placeholder, a dev-only secret). */
const refusesAsUnsafe = (name: string, env: Record<string, string>) => {
  try {
    settingsFrom(name, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.some((problem) => / is a (placeholder|development value)/.test(problem));
  }
  return false;
};

/** Services that read a secret of their own making (every one but the scheduler, which reads only URLs). */
const readsSecret = (name: string) => knownVariables(name).some((variable) => variable.endsWith("_SECRET"));

/**
 * The Secret an operator makes from k8s/base/secrets.example.env: each placeholder (REPLACE_WITH_…,
 * REPLACE_OR_REMOVE, a URL's PASSWORD) replaced by a random value of their own.
 */
const filledIn = (example: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(example).map(([key, value]) => [
      key,
      value.replace(/REPLACE_WITH_\w+|REPLACE_OR_REMOVE|\bPASSWORD\b/g, () =>
        randomBytes(24).toString("hex"),
      ),
    ]),
  );

/**
 * The service's settings as its Deployment would start it, given a Secret with only the keys it must
 * have: optional keys (card payments, the model, DKIM) are left out, so the smallest Secret the
 * documentation allows is the one checked.
 */
const startedWithSmallestSecret = (
  objects: KubernetesObject[],
  name: string,
  secret: Record<string, string>,
) => {
  const declared = declaredEnvironment(objects, named(objects, "Deployment", name));
  const mustHave = [...declared.values()].flatMap((value) =>
    typeof value === "string" || value.optional ? [] : [value.key],
  );
  const smallest = Object.fromEntries(
    mustHave.flatMap((key) => (secret[key] === undefined ? [] : [[key, secret[key]]])),
  );
  return settingsFrom(name, resolvedEnvironment(declared, smallest));
};

describe("the services, compose and Kubernetes agree", () => {
  it("on which services there are: one per folder under services/ with a main.ts", () => {
    expect(serviceFolders()).toEqual(NAMES);
    expect([...composeServices].sort()).toEqual(NAMES);
  });

  it("on the images: the Dockerfile builds one per service, exposing the port the service listens on", () => {
    const dockerfile = readFileSync(path.join(REPOSITORY, "Dockerfile"), "utf8");
    const stages = [...dockerfile.matchAll(/^FROM runtime AS runtime-(\w+)$[\s\S]*?^EXPOSE (\d+)$/gm)];
    expect(Object.fromEntries(stages.map(([, name, port]) => [name, Number(port)]))).toEqual(
      Object.fromEntries(NAMES.map((name) => [name, defaultPort(name)])),
    );
  });

  describe("docker-compose.yml", () => {
    it.each(NAMES)("gives %s every variable it requires, and none it does not read", (name) => {
      const given = Object.keys(compose.services[name]?.environment ?? {});
      expect(given).toEqual(expect.arrayContaining(requiredVariables(name)));
      expect(given.filter((variable) => !knownVariables(name).includes(variable))).toEqual([]);
    });

    it.each(NAMES)("starts %s with the .env that make up writes", (name) => {
      const env = composeEnvironment(compose.services[name] ?? {}, upEnv);
      expect(() => settingsFrom(name, env)).not.toThrow();
    });

    it.each(NAMES.filter(readsSecret))("refuses to start %s with .env.example copied as it is", (name) => {
      const env = composeEnvironment(
        compose.services[name] ?? {},
        parseEnv(exampleEnv) as Record<string, string>,
      );
      expect(refusesAsUnsafe(name, env)).toBe(true);
    });

    it("reads only variables that .env.example names, and .env.example names nothing else", () => {
      const { all } = composeVariables();
      // Read from .env by compose itself (the project's name) and by `make up` (the image to build on).
      const outsideTheFile = ["COMPOSE_PROJECT_NAME", "NODE_IMAGE"];
      expect(Object.keys(parseEnv(exampleEnv)).sort()).toEqual([...all, ...outsideTheFile].sort());
    });

    it("refuses to start without its secrets, which make up writes fresh and never as the example's", () => {
      const { required } = composeVariables();
      const example = parseEnv(exampleEnv);
      const second = parseEnv(freshComposeEnv(exampleEnv));
      for (const name of required) {
        expect(example[name], name).toMatch(/^dev-only-/);
        expect(upEnv[name], name).toMatch(/^[0-9a-f]{48}$/);
        expect(second[name]).not.toBe(upEnv[name]);
      }
      expect(Object.values(upEnv).some((value) => value.startsWith("dev-only-"))).toBe(false);
    });

    it("names one support address and operator to the pages and the e-mails: the .env's", () => {
      const site = { SUPPORT_EMAIL: "help@tubedigest.example", OPERATOR_NAME: "Tubedigest Ltd" };
      const siteOf = (name: string) =>
        settingsFrom(name, composeEnvironment(compose.services[name] ?? {}, { ...upEnv, ...site })).site;
      expect(siteOf("gateway")).toEqual({
        supportEmail: "help@tubedigest.example",
        operatorName: "Tubedigest Ltd",
      });
      expect(siteOf("mailer")).toEqual(siteOf("gateway"));
    });

    it.each(NAMES)("checks %s's health on the port and path it serves", (name) => {
      const test = (compose.services[name]?.healthcheck?.test ?? []).join(" ");
      const port = Number((SERVICES[name]?.environment.properties.PORT.default as number) ?? 0);
      expect(test).toContain(`http://127.0.0.1:${port}/healthz`);
    });
  });

  describe.skipIf(!kubernetesChecksRun())("Kubernetes", () => {
    // The Secret's keys as the operator is told to provide them (base, production) or as dev generates them.
    const example = readEnvFile("k8s/base/secrets.example.env");
    const secrets: Record<Kustomization, Record<string, string>> = {
      "k8s/base": filledIn(example),
      "k8s/overlays/dev": readEnvFile("k8s/overlays/dev/secrets.dev.env"),
      "k8s/overlays/production": filledIn(example),
    };

    describe.each(Object.keys(secrets) as Kustomization[])("%s", (kustomization) => {
      const objects = render(kustomization);

      it("has one Deployment per service", () => {
        const deployments = ofKind(objects, "Deployment").map((deployment) => deployment.metadata.name);
        expect(deployments.filter((name) => NAMES.includes(name)).sort()).toEqual(NAMES);
      });

      it.each(NAMES)("gives %s every variable it requires, and none it does not read", (name) => {
        const declared = declaredEnvironment(objects, named(objects, "Deployment", name));
        expect([...declared.keys()]).toEqual(expect.arrayContaining(requiredVariables(name)));
        expect([...declared.keys()].filter((variable) => !knownVariables(name).includes(variable))).toEqual(
          [],
        );
      });

      it.each(NAMES)("starts %s with the Secret's documented keys", (name) => {
        expect(() => startedWithSmallestSecret(objects, name, secrets[kustomization])).not.toThrow();
      });
    });

    it.each(NAMES)("refuses to start %s in production with the example Secret's placeholders", (name) => {
      const objects = render("k8s/overlays/production");
      const declared = declaredEnvironment(objects, named(objects, "Deployment", name));
      expect(refusesAsUnsafe(name, resolvedEnvironment(declared, example))).toBe(true);
    });

    // Catalog and the scheduler read no APP_ENV; the dev Secret's IDENTITY_SECRET still stops the others.
    it.each(NAMES.filter((name) => knownVariables(name).includes("APP_ENV")))(
      "refuses to start %s in production with the dev overlay's committed Secret",
      (name) => {
        const objects = render("k8s/overlays/production");
        const declared = declaredEnvironment(objects, named(objects, "Deployment", name));
        expect(refusesAsUnsafe(name, resolvedEnvironment(declared, secrets["k8s/overlays/dev"]))).toBe(true);
      },
    );

    it("documents every key of the Secret the Deployments read", () => {
      const documented = Object.keys(example);
      const objects = render("k8s/base");
      for (const name of NAMES) {
        for (const value of declaredEnvironment(objects, named(objects, "Deployment", name)).values()) {
          if (typeof value !== "string")
            expect(documented, `${name} reads ${value.key}`).toContain(value.key);
        }
      }
    });

    it("runs production with no test mode, no development mailbox or tools, and Secure cookies", () => {
      const objects = render("k8s/overlays/production");
      const settings = (name: string) =>
        startedWithSmallestSecret(objects, name, secrets["k8s/overlays/production"]);
      expect(settings("billing")).toMatchObject({ testMode: false });
      expect(settings("mailer")).toMatchObject({ devMailbox: false });
      expect(settings("summariser")).toMatchObject({ development: false });
      expect(settings("auth")).toMatchObject({ secureCookies: true });
      expect(settings("gateway")).toMatchObject({ secureCookies: true, devMailbox: false, devDigest: false });
      expect(settings("gateway").trustProxy).not.toBe(0);
      // One support address and operator, the overlay's, on the pages and in the e-mails.
      expect(settings("gateway").site).toEqual(settings("mailer").site);
      expect(settings("mailer").site).toEqual({
        supportEmail: "support@tubedigest.example",
        operatorName: "Tubedigest Ltd",
      });
    });
  });
});
