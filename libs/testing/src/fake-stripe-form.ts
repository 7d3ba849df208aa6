import { invalidRequest, type Metadata, StripeFailure } from "./fake-stripe-resources.ts";

/** A decoded form or query string: strings, nested objects (`a[b]=`) and arrays (`a[0]=`, `a[]=`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Decodes what Stripe's SDK sends (its own qs-style encoding): `items[0][price]=p`, `expand[]=a.b`,
 * `metadata[userId]=u`, as bodies of POST and DELETE and as query strings of GET.
 */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (path === undefined) continue;
    assign(root, path, value);
  }
  return root;
}

/** `a[b][0][]` → `["a", "b", "0", ""]`; a key whose brackets do not close is kept whole, as qs does. */
function keyPath(key: string): string[] | undefined {
  const open = key.indexOf("[");
  if (open <= 0) return key === "" ? undefined : [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^[\]]*)\]/gy;
  let matched = 0;
  for (let match = segment.exec(rest); match !== null; match = segment.exec(rest)) {
    parts.push(match[1] ?? "");
    matched = segment.lastIndex;
  }
  return matched === rest.length ? parts : [key];
}

function assign(root: FormObject, path: string[], value: string): void {
  let node: FormObject | FormValue[] = root;
  for (let i = 0; i < path.length; i++) {
    const part = path[i] ?? "";
    const last = i === path.length - 1;
    const next = path[i + 1];
    const child: FormValue = last ? value : next === "" || /^\d+$/.test(next ?? "") ? [] : {};
    if (Array.isArray(node)) {
      const index = part === "" ? node.length : Number(part);
      if (!/^\d*$/.test(part) || index > 1000) return;
      const existing = node[index];
      if (last || existing === undefined || typeof existing === "string") node[index] = child;
      node = node[index] as FormObject | FormValue[];
    } else {
      if (part === "__proto__" || part === "constructor" || part === "prototype") return;
      const existing = node[part];
      if (last || existing === undefined || typeof existing === "string") node[part] = child;
      node = node[part] as FormObject | FormValue[];
    }
    if (typeof node === "string") return;
  }
}

/** Arrays the SDK sent with indexes may have holes where an index was skipped; Stripe ignores them. */
export function listOf(value: FormValue | undefined): FormValue[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (typeof value === "object") return Object.values(value);
  return [value];
}

// ---- reading parameters as the API does, with its errors ------------------------------------------------

const refuse = (message: string, param: string, code?: string) =>
  new StripeFailure(400, invalidRequest(message, { param, ...(code ? { code } : {}) }));

/** What the API says of a parameter it does not take; the fake takes only those billing's adapter sends. */
export const unknownParameter = (param: string) =>
  refuse(`Received unknown parameter: ${param}`, param, "parameter_unknown");

export function optionalString(params: FormObject, name: string, param = name): string | null {
  const value = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") throw refuse(`Invalid string: ${param}`, param);
  return value;
}

export function requiredString(params: FormObject, name: string, param = name): string {
  const value = optionalString(params, name, param);
  if (value === null) throw refuse(`Missing required param: ${param}.`, param);
  return value;
}

export function integerOf(params: FormObject, name: string): number {
  const value = requiredString(params, name);
  if (!/^-?\d+$/.test(value)) throw refuse(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function booleanOf(params: FormObject, name: string): boolean {
  const value = params[name];
  if (value === "true") return true;
  if (value === "false") return false;
  throw refuse(`Invalid boolean: ${String(value)}`, name);
}

/**
 * A value the fake models only some of Stripe's choices for (those billing's adapter sends): another,
 * or none where Stripe's default is another, is refused rather than answered as it is not.
 */
export function oneOf<T extends string>(
  params: FormObject,
  name: string,
  modelled: readonly T[],
  param = name,
): T {
  const value = optionalString(params, name, param);
  const found = modelled.find((choice) => choice === value);
  if (found === undefined) {
    throw refuse(
      `The fake Stripe models only ${param}=${modelled.join(" or ")}, not ${value ?? "its default"}.`,
      param,
    );
  }
  return found;
}

/** A nested object parameter (`recurring[interval]`), none of its keys unknown. */
export function objectOf(
  params: FormObject,
  name: string,
  accepts: readonly string[],
  param = name,
): FormObject | undefined {
  const value = params[name];
  return value === undefined || value === "" ? undefined : checkedObject(value, accepts, param);
}

/** A value that must be an object (`items[0]`), none of its keys unknown. */
export function checkedObject(
  value: FormValue | undefined,
  accepts: readonly string[],
  param: string,
): FormObject {
  if (value === undefined || typeof value !== "object" || Array.isArray(value)) {
    throw refuse("Invalid object", param);
  }
  const unknown = Object.keys(value).find((key) => !accepts.includes(key));
  if (unknown !== undefined) throw unknownParameter(`${param}[${unknown}]`);
  return value;
}

export function metadataOf(params: FormObject): Metadata {
  const value = params.metadata;
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw refuse("Invalid object", "metadata");
  const metadata: Metadata = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw refuse("Invalid object", `metadata[${key}]`);
    metadata[key] = entry;
  }
  return metadata;
}

/** Stripe merges metadata on update; an empty value removes its key. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  const merged = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === "") delete merged[key];
  return merged;
}

/** `expand[]=latest_invoice.payments` as paths: `[["latest_invoice", "payments"]]`. */
export const expandsOf = (params: FormObject): string[][] =>
  listOf(params.expand)
    .filter((path): path is string => typeof path === "string")
    .map((path) => path.split("."));
