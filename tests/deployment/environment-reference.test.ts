import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { environmentReference } from "../../scripts/env-reference.ts";
import { REPOSITORY } from "./support/kustomize.ts";
import { SERVICES } from "./support/services.ts";

const REGENERATE =
  "run `make env-reference` (node --import tsx scripts/write-env-reference.ts) and commit the page";
const page = environmentReference();

describe("docs/environment.md", () => {
  it("is what the configuration schemas say today", () => {
    const written = readFileSync(path.join(REPOSITORY, "docs", "environment.md"), "utf8");
    expect(written, `docs/environment.md is out of date: ${REGENERATE}`).toBe(page);
  });

  it("has a table for every service that runs as its own process", () => {
    const missing = Object.keys(SERVICES).filter((name) => !page.includes(`\n## ${name}\n`));
    expect(
      missing,
      `scripts/env-reference.ts lists no table for these services: add them, then ${REGENERATE}`,
    ).toEqual([]);
  });
});
