export { buildCatalogApp, type CatalogDependencies, catalogMigrations } from "./app.ts";
export type { CatalogSettings, YoutubeSettings } from "./config.ts";
export { catalogProcess } from "./process.ts";
