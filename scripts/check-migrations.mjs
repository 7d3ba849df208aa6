#!/usr/bin/env node
// Migrations are frozen once landed: each migrations folder keeps `frozen.json`, the SHA-256 of every
// migration it has shipped. Editing or deleting a listed migration fails this check; a new migration
// is recorded with `node scripts/check-migrations.mjs --record`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const record = process.argv.includes("--record");
const roots = ["libs", "services"].flatMap((top) =>
  existsSync(top) ? readdirSync(top).map((name) => path.join(top, name, "src")) : [],
);
const folders = roots.flatMap(function find(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = path.join(dir, entry.name);
      return entry.name === "migrations" ? [child] : find(child);
    });
});

const problems = [];
for (const folder of folders) {
  const lockFile = path.join(folder, "frozen.json");
  const frozen = existsSync(lockFile) ? JSON.parse(readFileSync(lockFile, "utf8")) : {};
  const current = Object.fromEntries(
    readdirSync(folder)
      .filter((file) => /^\d{8}T\d{4}-.+\.ts$/.test(file))
      .map((file) => [
        file,
        createHash("sha256")
          .update(readFileSync(path.join(folder, file)))
          .digest("hex"),
      ]),
  );
  for (const [file, hash] of Object.entries(frozen)) {
    if (!(file in current)) problems.push(`${folder}/${file} was removed after it landed`);
    else if (current[file] !== hash)
      problems.push(`${folder}/${file} was edited after it landed: add a new migration instead`);
  }
  const unrecorded = Object.keys(current).filter((file) => !(file in frozen));
  if (unrecorded.length > 0 && record) {
    writeFileSync(
      lockFile,
      `${JSON.stringify({ ...frozen, ...Object.fromEntries(unrecorded.map((f) => [f, current[f]])) }, null, 2)}\n`,
    );
  } else {
    for (const file of unrecorded)
      problems.push(`${folder}/${file} is not recorded: run node scripts/check-migrations.mjs --record`);
  }
}
if (problems.length > 0) {
  console.error(`Frozen migrations check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
