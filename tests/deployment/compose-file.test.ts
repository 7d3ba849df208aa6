import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DCLinter } from "dclint";
import { describe, expect, it } from "vitest";
import { COMPOSE_FILE } from "./support/compose.ts";

/** The part of dclint's findings read here. */
interface Finding {
  rule: string;
  message: string;
}

/** What dclint reports when a file is not YAML or breaks the compose specification's schema. */
const VALIDITY_RULES = new Set(["invalid-yaml", "invalid-schema", "unknown-error"]);

/**
 * The compose specification's own schema, through dclint (which ships it and reads YAML the way compose
 * does, merge keys included). Its style rules (key order, alphabetical services) are not ours: only its
 * validity findings count.
 */
const schemaProblems = (file: string) =>
  (
    new DCLinter({ rules: {}, quiet: true, debug: false, exclude: [] }).lintFiles([file], false) as {
      messages: Finding[];
    }[]
  )
    .flatMap((result) => result.messages)
    .filter((message) => VALIDITY_RULES.has(message.rule))
    .map((message) => `${message.rule}: ${message.message}`);

const variant = (edit: (text: string) => string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "td-compose-")), "docker-compose.yml");
  writeFileSync(file, edit(readFileSync(COMPOSE_FILE, "utf8")));
  return file;
};

describe("docker-compose.yml", () => {
  it("validates against the compose specification's schema", () => {
    expect(schemaProblems(COMPOSE_FILE)).toEqual([]);
  });

  it("would be refused with a key the specification does not have, or a value of the wrong kind", () => {
    const misspelt = variant((text) =>
      text.replace("    healthcheck: &node-healthcheck", "    healthchek: &node-healthcheck"),
    );
    expect(schemaProblems(misspelt)).toEqual([expect.stringContaining("invalid-schema")]);
    const wrongKind = variant((text) => text.replace("read_only: true", "read_only: [true]"));
    expect(schemaProblems(wrongKind)).toEqual([expect.stringContaining("invalid-schema")]);
  });
});
