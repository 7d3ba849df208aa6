import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// A chunk's static imports as Vite writes them minified: `from"./x.js"` or `import"./x.js"`. Lazy ones
// (`import("./x.js")`) have a parenthesis before the quote, so they are left out, as a browser leaves
// them until they are asked for.
const STATIC_IMPORT = /(?:from|import)"\.\/([^"]+\.js)"/g;

/** A set of chunks and what they weigh gzipped, in bytes. */
export interface ChunkSet {
  files: string[];
  gzippedBytes: number;
}

/** The chunks in `roots` and, recursively, every chunk they import statically, in the order first met. */
function withStaticImports(assetsDir: string, roots: string[], seen: string[] = []): string[] {
  for (const file of roots) {
    if (seen.includes(file)) continue;
    seen.push(file);
    const code = readFileSync(path.join(assetsDir, file), "utf8");
    withStaticImports(
      assetsDir,
      [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string),
      seen,
    );
  }
  return seen;
}

// zlib at gzip's default level (6). `gzip -c` also writes the file's name into each header, a few bytes
// more per file than these figures.
const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 6 }).length;

function chunkSet(assetsDir: string, files: string[]): ChunkSet {
  return {
    files,
    gzippedBytes: files.reduce((sum, file) => sum + gzippedSize(path.join(assetsDir, file)), 0),
  };
}

/** The built chunks whose names start with `prefix-` (Vite adds a content hash). */
function chunksNamed(assetsDir: string, prefix: string): string[] {
  return readdirSync(assetsDir).filter((file) => file.startsWith(`${prefix}-`) && file.endsWith(".js"));
}

/** The one built chunk whose name starts with `prefix-`. */
function chunkNamed(assetsDir: string, prefix: string): string {
  const found = chunksNamed(assetsDir, prefix);
  if (found.length !== 1)
    throw new Error(`expected one ${prefix}-*.js in ${assetsDir}, found ${found.length}`);
  return found[0] as string;
}

/**
 * What a browser downloads before the landing page can show its content, as docs/performance.md ("Web")
 * counts it: the entry chunk `web/dist/index.html` names and what it imports statically; plus the landing
 * page's chunk and its imports where it is a chunk of its own (it comes with the entry when it is not);
 * plus the header's account link, fetched beside the page. Also the scripts index.html itself asks for
 * (module and modulepreload), which should be the entry's set.
 */
export function landingPageJavaScript(webDist: string): {
  entry: ChunkSet;
  landing: ChunkSet;
  withHeaderAccount: ChunkSet;
  namedByIndexHtml: string[];
} {
  const assetsDir = path.join(webDist, "assets");
  const html = readFileSync(path.join(webDist, "index.html"), "utf8");
  const namedByIndexHtml = [
    ...html.matchAll(
      /<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/assets\/([^"]+\.js)"/g,
    ),
  ].map((match) => match[1] as string);
  const entryFile = html.match(/<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entryFile) throw new Error(`${webDist}/index.html names no module script`);
  const entry = withStaticImports(assetsDir, [entryFile]);
  const landing = withStaticImports(assetsDir, chunksNamed(assetsDir, "landing"), [...entry]);
  const withHeaderAccount = withStaticImports(
    assetsDir,
    [chunkNamed(assetsDir, "header-account")],
    [...landing],
  );
  return {
    entry: chunkSet(assetsDir, entry),
    landing: chunkSet(assetsDir, landing),
    withHeaderAccount: chunkSet(assetsDir, withHeaderAccount),
    namedByIndexHtml,
  };
}
