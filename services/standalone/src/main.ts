import { loadConfigOrExit } from "@tubedigest/config";
import closeWithGrace from "close-with-grace";
import { StandaloneEnvironment } from "./config.ts";
import { startProduct } from "./start-product.ts";

const env = loadConfigOrExit(StandaloneEnvironment);
const product = await startProduct(env);
closeWithGrace({ delay: 10_000 }, () => product.stop());
console.warn(`tubedigest is running on http://localhost:${env.PORT} (data in ${env.DATA_DIR})`);
