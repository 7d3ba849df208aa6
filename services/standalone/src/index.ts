export {
  type ComposedProduct,
  type CompositionOptions,
  composeProduct,
  type ProductParts,
  type ProductSettings,
} from "./compose-product.ts";
export { StandaloneEnvironment } from "./config.ts";
export { type RunningProduct, startProduct } from "./start-product.ts";
export { StartUpError } from "./start-up-error.ts";
