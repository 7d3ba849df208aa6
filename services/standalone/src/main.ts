import { ConfigError, loadConfigOrExit } from "@tubedigest/config";
import { startOrExit } from "@tubedigest/http";
import closeWithGrace from "close-with-grace";
import { StandaloneEnvironment } from "./config.ts";
import { startProduct } from "./start-product.ts";
import { StartUpError } from "./start-up-error.ts";

// Whatever the product writes (database, secrets, lock) is the user's alone, whatever the shell's umask.
process.umask(0o077);

const env = loadConfigOrExit(StandaloneEnvironment);
// A real database that cannot be reached or refuses is one line too (startOrExit says which and why).
const product = await startOrExit({ databaseUrl: env.DATABASE_URL }, async () => {
  try {
    return await startProduct(env);
  } catch (error) {
    // Settings that contradict each other (a transcript step named without its key) are caught here.
    if (!(error instanceof StartUpError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
});
// On stderr, beside the other lines for people, so stdout stays the JSON log.
console.warn(product.summary);
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) console.error("tubedigest is stopping after an unexpected error:", err);
  else console.warn("Stopping tubedigest…");
  await product.stop();
  console.warn("tubedigest stopped.");
});
