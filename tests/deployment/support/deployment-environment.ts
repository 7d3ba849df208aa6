import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { type KubernetesObject, named, REPOSITORY } from "./kustomize.ts";

/** A value a Deployment takes from the Secret, which the rendered manifests never contain. */
export interface SecretReference {
  key: string;
  optional: boolean;
}

export type DeclaredVariable = string | SecretReference;

/**
 * What a Deployment's container is given: its own `env` entries and every key of the ConfigMaps it
 * reads with `envFrom` (an `env` entry wins over a ConfigMap's key, as in Kubernetes).
 */
export function declaredEnvironment(
  objects: KubernetesObject[],
  deployment: KubernetesObject,
): Map<string, DeclaredVariable> {
  const container = deployment.spec.template.spec.containers[0];
  const declared = new Map<string, DeclaredVariable>();
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) throw new Error(`${deployment.metadata.name}: only ConfigMaps are read whole`);
    const configMap = named(objects, "ConfigMap", source.configMapRef.name);
    for (const [key, value] of Object.entries(configMap.data ?? {})) declared.set(key, value);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) declared.set(variable.name, String(variable.value));
    else if (variable.valueFrom?.secretKeyRef)
      declared.set(variable.name, {
        key: variable.valueFrom.secretKeyRef.key,
        optional: variable.valueFrom.secretKeyRef.optional === true,
      });
    else
      throw new Error(
        `${deployment.metadata.name}: ${variable.name} comes from neither a value nor the Secret`,
      );
  }
  return declared;
}

/** An env file's variables (KEY=value lines, # comments), as kubectl and docker compose read them. */
export function readEnvFile(relativePath: string): Record<string, string> {
  return parseEnv(readFileSync(path.join(REPOSITORY, relativePath), "utf8")) as Record<string, string>;
}

/**
 * The environment the container would start with, given the Secret's values. An optional reference to a
 * key the Secret lacks is left unset, as Kubernetes does; a required one is an error.
 */
export function resolvedEnvironment(
  declared: Map<string, DeclaredVariable>,
  secret: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of declared) {
    if (typeof value === "string") env[name] = value;
    else if (secret[value.key] !== undefined) env[name] = secret[value.key] as string;
    else if (!value.optional) throw new Error(`the Secret has no ${value.key}, which ${name} needs`);
  }
  return env;
}
