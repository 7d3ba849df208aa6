import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suite as `make mutate` runs it inside Stryker's sandbox (a copy of the repository). Workspace
 * packages are aliased to their source in the sandbox: through node_modules they would resolve to the
 * original checkout, and a test reaching auth through `@tubedigest/auth` would never see a mutant.
 */
const root = import.meta.dirname;

function workspaceAliases() {
  return ["libs", "services"].flatMap((group) =>
    readdirSync(path.join(root, group)).flatMap((folder) => {
      const dir = path.join(root, group, folder);
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name: string;
        exports: Record<string, string>;
      };
      return Object.entries(manifest.exports).map(([subpath, target]) => ({
        find: new RegExp(`^${path.posix.join(manifest.name, subpath).replace("/", "\\/")}$`),
        replacement: path.join(dir, target),
      }));
    }),
  );
}

/**
 * Quickest files first. A mutant's run stops at its first failing test, so a unit test beside the code
 * should get the chance to fail before an integration suite waits out a broker that never answers;
 * Vitest's own order puts failed and slow files first.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(root, file.moduleId)}`)
        ?.duration ?? Number.POSITIVE_INFINITY;
    const unitFirst = (file: TestSpecification) => (file.moduleId.includes("/src/") ? 0 : 1);
    return [...files].sort((a, b) => unitFirst(a) - unitFirst(b) || duration(a) - duration(b));
  }
}

export default defineConfig({
  resolve: { alias: workspaceAliases() },
  test: {
    include: ["{libs,services}/*/{src,test}/**/*.test.ts"],
    globalSetup: ["libs/testing/src/global-setup.ts"],
    // A mutant that stops events flowing makes a test wait out its polling; failing it here is quicker
    // than Stryker's timeout, which also restarts the test runner; every test a mutation run includes is
    // well within it.
    testTimeout: 15_000,
    hookTimeout: 20_000,
    sequence: { sequencer: QuickestFirst },
  },
});
