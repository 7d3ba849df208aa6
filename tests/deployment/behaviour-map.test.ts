import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "./support/kustomize.ts";

const ARCHITECTURE = path.join(REPOSITORY, "docs/architecture.md");
const PRODUCT = path.join(REPOSITORY, "docs/product.md");
const MAP_HEADING = "## From behaviour to code";

/** What a backticked name ends with when it names a file; anything else without a slash is code or a header. */
const FILE_NAME = /\.(ts|tsx|mjs|js|json|css|md|ya?ml|sh)$/;
const PATH = /^[\w@.-]+(\/[\w@.-]+)*\/?$/;

/** The map's text: from its heading to the next section's. */
function behaviourMap(architecture: string): string {
  const start = architecture.indexOf(`\n${MAP_HEADING}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "${MAP_HEADING}" section`);
  const end = architecture.indexOf("\n## ", start + MAP_HEADING.length);
  return architecture.slice(start, end < 0 ? undefined : end);
}

/** Every backticked name in the map that is a repository path (it has a slash) or a file's name. */
function namedPaths(map: string): string[] {
  const names = [...map.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? "");
  return [
    ...new Set(names.filter((name) => PATH.test(name) && (name.includes("/") || FILE_NAME.test(name)))),
  ];
}

/**
 * What is wrong with the map's paths. The map writes each file from the repository's root, so a newcomer
 * can open it as written and this check can find it; a bare file name is refused rather than guessed at.
 */
function pathProblems(map: string): string[] {
  return namedPaths(map).flatMap((name) => {
    if (!name.includes("/")) return [`${name}: write the whole path from the repository's root`];
    return existsSync(path.join(REPOSITORY, name)) ? [] : [`${name}: no such file or folder`];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number} _-]/gu, "")
    .replace(/ /g, "-");

const headingAnchors = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));

/** The map's links into product.md and into architecture.md itself that lead to no heading. */
function linkProblems(map: string, architecture: string, product: string): string[] {
  const targets = { "product.md": headingAnchors(product), "": headingAnchors(architecture) };
  return [...map.matchAll(/\]\((product\.md|)#([^)]+)\)/g)].flatMap(([link, file, anchor]) =>
    targets[file as keyof typeof targets].has(anchor ?? "") ? [] : [`${link}: no such heading`],
  );
}

describe("docs/architecture.md's map from behaviour to code", () => {
  const architecture = readFileSync(ARCHITECTURE, "utf8");
  const map = behaviourMap(architecture);

  it("names files that exist, each by its whole path from the repository's root", () => {
    expect(namedPaths(map).length).toBeGreaterThan(0);
    expect(pathProblems(map)).toEqual([]);
  });

  it("links only to headings of product.md and of itself", () => {
    expect(linkProblems(map, architecture, readFileSync(PRODUCT, "utf8"))).toEqual([]);
  });

  it("would name a misspelt path, a bare file name and a dead link", () => {
    const variant = `${map}\n\`services/mailer/src/domain/dispatcher.tss\`, \`dispatcher.ts\`, [x](product.md#nowhere)\n`;
    expect(pathProblems(variant)).toEqual([
      "services/mailer/src/domain/dispatcher.tss: no such file or folder",
      "dispatcher.ts: write the whole path from the repository's root",
    ]);
    expect(linkProblems(variant, architecture, readFileSync(PRODUCT, "utf8"))).toEqual([
      "](product.md#nowhere): no such heading",
    ]);
  });
});
