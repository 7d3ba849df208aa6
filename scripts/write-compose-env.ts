// `make up`'s first step: a .env with fresh secrets beside docker-compose.yml, unless there is one. Given a
// path, writes there instead (the container smoke test's own stack).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freshComposeEnv } from "./compose-env.ts";

const repository = path.resolve(import.meta.dirname, "..");
const target = path.resolve(process.argv[2] ?? path.join(repository, ".env"));

if (existsSync(target)) {
  console.warn(`${target} exists: keeping it (its secrets are the ones the stack's data was made with).`);
} else {
  const example = readFileSync(path.join(repository, ".env.example"), "utf8");
  // `wx`: never overwrite, even one written between the check and here.
  writeFileSync(target, freshComposeEnv(example), { mode: 0o600, flag: "wx" });
  console.warn(`wrote ${target} with fresh random secrets (edit it to add API keys; never commit it).`);
}
