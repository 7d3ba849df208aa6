import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { promisify } from "node:util";

/** An MJML document to compile, named for error messages. */
export interface MjmlSource {
  name: string;
  mjml: string;
}

type Compiled = { name: string; html: string } | { name: string; error: string };

/**
 * Compiles in a child Node: MJML and its dependencies cost tens of megabytes resident, which the mailer
 * would otherwise carry for its whole life to use them once at start. The child reads the sources
 * as JSON on stdin and answers JSON on stdout; MJML's own console output goes to stderr so it cannot
 * corrupt the answer. Strict validation refuses any template MJML would have to guess about; Google
 * Fonts are off because e-mails use the system font stack.
 */
const SCRIPT = `
const mjml2html = require(process.argv[1]);
console.log = console.info = console.warn = console.error;
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", async () => {
  const results = [];
  for (const { name, mjml } of JSON.parse(input)) {
    try {
      const { html } = await mjml2html(mjml, { validationLevel: "strict", fonts: {}, keepComments: false });
      results.push({ name, html });
    } catch (error) {
      const details = Array.isArray(error.errors)
        ? error.errors.map((each) => "line " + each.line + " (" + each.tagName + "): " + each.message).join("; ")
        : error.message;
      results.push({ name, error: details });
    }
  }
  process.stdout.write(JSON.stringify(results));
});`;

// The same sources compile to the same HTML. A mailer process compiles its templates once, at start; a
// process that starts mailers again and again (a test suite's stacks, each about a second of the child's
// CPU) compiles each set of sources once.
const compiledBySources = new Map<string, Promise<Map<string, string>>>();

/**
 * Each source's HTML, by name, in one child process. Rejects, naming every template MJML refused
 * and why, when any is invalid.
 */
export async function compileMjml(sources: readonly MjmlSource[]): Promise<Map<string, string>> {
  const key = createHash("sha256").update(JSON.stringify(sources)).digest("hex");
  let compiling = compiledBySources.get(key);
  if (!compiling) {
    compiling = compileInChild(sources);
    compiledBySources.set(key, compiling);
    // A failure (a child that could not start) is not kept: the next start tries again.
    compiling.catch(() => compiledBySources.delete(key));
  }
  return new Map(await compiling);
}

async function compileInChild(sources: readonly MjmlSource[]): Promise<Map<string, string>> {
  const mjmlModule = createRequire(import.meta.url).resolve("mjml");
  const running = promisify(execFile)(process.execPath, ["-e", SCRIPT, mjmlModule], {
    maxBuffer: 64 * 1024 * 1024,
  });
  running.child.stdin?.end(JSON.stringify(sources));
  let stdout: string;
  try {
    ({ stdout } = await running);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not compile the e-mail templates: ${stderr || String(error)}`, { cause: error });
  }
  const results = JSON.parse(stdout) as Compiled[];
  const refused = results.flatMap((result) =>
    "error" in result ? [`The "${result.name}" e-mail template is not valid MJML: ${result.error}`] : [],
  );
  if (refused.length > 0) throw new Error(refused.join("\n"));
  return new Map(results.flatMap((result) => ("html" in result ? [[result.name, result.html]] : [])));
}
