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
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${start}\n\n${body.trim()}\n\n${end}`;
  const doc = readFileSync(PERFORMANCE_DOC, "utf8");
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const updated =
    from !== -1 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(PERFORMANCE_DOC, updated);
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
