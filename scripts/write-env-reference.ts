// `make env-reference`: writes docs/environment.md from the processes' configuration schemas.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { environmentReference } from "./env-reference.ts";

const target = path.resolve(import.meta.dirname, "..", "docs", "environment.md");
writeFileSync(target, environmentReference());
console.warn(`wrote ${target}`);
