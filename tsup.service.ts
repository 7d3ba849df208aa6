import { defineConfig } from "tsup";

/**
 * A service's production build: one ESM file per entry point. Internal libraries are bundled from
 * their TypeScript source (they have no build of their own); npm packages stay in node_modules.
 */
export const serviceBuild = (entry: string[] = ["src/main.ts"]) =>
  defineConfig({
    entry,
    format: "esm",
    platform: "node",
    target: "node20",
    outDir: "dist",
    clean: true,
    sourcemap: true,
    splitting: false,
    // Every bare import but our own stays external, whichever workspace declared it.
    external: [/^(?!@tubedigest\/)[^./]/],
    noExternal: [/^@tubedigest\//],
  });
