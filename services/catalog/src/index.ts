export { buildCatalogApp, type CatalogDependencies } from "./app.ts";
export type { CatalogSettings, YoutubeSettings } from "./config.ts";
