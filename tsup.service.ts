import { defineConfig } from "tsup";

/**
 * A service's production build: one ESM file per entry point, plus chunks for code imported lazily. Internal libraries are bundled from
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
    // Code a service imports with import() (a writer it may not use) stays in a chunk of its own, so its npm
    // packages load only when it is chosen; esbuild would hoist them to the top of one file otherwise.
    splitting: true,
    // Every bare import but our own stays external, whichever workspace declared it.
    external: [/^(?!@tubedigest\/)[^./]/],
    noExternal: [/^@tubedigest\//],
  });
