import type { KubernetesObject } from "./kustomize.ts";

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: object) => Validatable;

/**
 * Checks an object against Kubernetes' own OpenAPI schema for its apiVersion and kind, through
 * kubernetes-models (types, required fields, enums, quantities, int-or-string ports). Throws with the
 * object's name and the first violation.
 */
export async function validateAgainstKubernetesSchema(object: KubernetesObject): Promise<void> {
  const [group, version] = object.apiVersion.includes("/")
    ? object.apiVersion.split("/")
    : [undefined, object.apiVersion];
  const module = (await import(
    group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`
  )) as Record<string, ModelClass | undefined>;
  const Model = module[object.kind];
  if (!Model) throw new Error(`${object.apiVersion} ${object.kind} is not a Kubernetes kind`);
  try {
    new Model(withSecretDataUnwrapped(object)).validate();
  } catch (error) {
    throw new Error(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
  }
}

/**
 * kustomize writes long Secret values as base64 wrapped over several lines; the API server decodes them
 * as Go's base64 does, skipping the line breaks, while the schema's `byte` format wants one line.
 */
function withSecretDataUnwrapped(object: KubernetesObject): KubernetesObject {
  if (object.kind !== "Secret" || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([key, value]) => [key, value.replace(/\n/g, "")]),
  );
  return { ...object, data };
}
