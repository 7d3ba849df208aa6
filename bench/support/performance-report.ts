import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";

const PERFORMANCE_DOC = path.resolve(import.meta.dirname, "../../docs/performance.md");

/** The machine a figure was measured on, as docs/performance.md records it beside the figure. */
export function machineDescription(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? "unknown CPU";
  const memory = Math.round(totalmem() / 1024 ** 3);
  return `${cores.length} vCPU (${model}), ${memory} GB RAM; Node ${process.versions.node}`;
}

/**
 * Replaces the benchmark's section of docs/performance.md (between `<!-- bench:<name> -->` and
 * `<!-- /bench:<name> -->`) with `body`, or appends the section at the end the first time. The body
 * should carry the command that produced it and the machine; the prose around the markers is kept.
 */
export function recordInPerformanceDoc(name: string, body: string): void {
  recordDocSection(PERFORMANCE_DOC, `bench:${name}`, body);
}

/**
 * Replaces the section of the Markdown file `doc` between `<!-- <marker> -->` and `<!-- /<marker> -->`
 * with `body`, or appends it the first time; the file is left untouched when the section already says
 * that, so a check that records its figures leaves no change behind when nothing changed.
 */
export function recordDocSection(doc: string, marker: string, body: string): void {
  const start = `<!-- ${marker} -->`;
  const end = `<!-- /${marker} -->`;
  const section = `${start}\n\n${body.trim()}\n\n${end}`;
  const text = readFileSync(doc, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const updated =
    from !== -1 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  if (updated !== text) writeFileSync(doc, updated);
}

/**
 * A Markdown table: a header row and rows of cells, each column padded to its widest cell as biome formats
 * Markdown, so the doc a benchmark rewrote still passes `biome ci`.
 */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const table = [header, ...rows].map((cells) => header.map((_, column) => String(cells[column] ?? "")));
  // Characters, not UTF-16 units: "…" and "÷" are one column wide, as biome counts them.
  const width = (cell: string) => [...cell].length;
  const widths = header.map((_, column) => Math.max(3, ...table.map((cells) => width(cells[column] ?? ""))));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + " ".repeat((widths[column] ?? 0) - width(cell))).join(" | ")} |`;
  const [head = [], ...body] = table;
  return [line(head), line(widths.map((columnWidth) => "-".repeat(columnWidth))), ...body.map(line)].join(
    "\n",
  );
}
