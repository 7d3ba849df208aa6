export {
  type ComposedProduct,
  type CompositionOptions,
  composeProduct,
  PRODUCT_SERVICES,
  type ProductParts,
  type ProductService,
  type ProductSettings,
} from "./compose-product.ts";
export { StandaloneEnvironment } from "./config.ts";
export { PRODUCT_SCHEMAS } from "./product-database.ts";
export { productProcesses, type ServiceProcessPlan, StackEnvironment } from "./product-processes.ts";
export { type RunningProduct, startProduct } from "./start-product.ts";
export { StartUpError } from "./start-up-error.ts";
