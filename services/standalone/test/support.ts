import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@tubedigest/config";
import { StandaloneEnvironment } from "../src/index.ts";

/** A data folder of the test's own. */
export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "td-product-"));
}

/** The product's settings as `make start` reads them, with the test's data folder and a free port. */
export function productEnv(dataDir: string, extra: Record<string, string> = {}) {
  return loadConfig(StandaloneEnvironment, {
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    ...extra,
  });
}

/** Every file and folder under `root` with its permission bits, e.g. "database/PG_VERSION 600". */
export function permissionsUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return `${path.relative(root, full)} ${(statSync(full).mode & 0o777).toString(8)}`;
  });
}

/** Signs an account up through the gateway, as the web app does. */
export function signUp(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

export function signIn(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}
