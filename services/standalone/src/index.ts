export { StandaloneEnvironment } from "./config.ts";
export { type RunningProduct, startProduct } from "./start-product.ts";
export { StartUpError } from "./start-up-error.ts";
