import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "@tubedigest/config";
import { StandaloneEnvironment, startProduct } from "@tubedigest/standalone";

export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/**
 * The product as `make start` runs it (every service in this process, every part embedded, its own
 * configuration defaults: APP_ENV development), on a free port and a fresh data folder removed by `stop`.
 */
export async function startEmbeddedProduct(
  extra: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "td-bench-product-"));
  const product = await startProduct(
    loadConfig(StandaloneEnvironment, {
      PORT: "0",
      DATA_DIR: dataDir,
      WEB_DIST,
      LOG_LEVEL: "warn",
      ...extra,
    }),
  );
  return {
    url: product.url,
    async stop() {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
