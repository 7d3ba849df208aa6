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
