/**
 * Decodes what Stripe's SDK sends: `application/x-www-form-urlencoded` with bracket paths
 * (`items[0][price]=p`, `expand[]=latest_invoice`, `metadata[userId]=u`) into nested objects and arrays.
 */
export function decodeFormBody(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key
      .split(/\[|\]\[|\]/)
      .filter((part, index) => index === 0 || part !== "" || key.endsWith("[]"));
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (part === "" && Array.isArray(node)) {
        if (last) node.push(value);
        return;
      }
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsArray = /^\d+$/.test(path[index + 1] ?? "") || path[index + 1] === "";
      container[part] ??= nextIsArray ? [] : {};
      node = container[part] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
