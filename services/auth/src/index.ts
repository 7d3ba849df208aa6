export { buildAuthApp } from "./app.ts";
export type { AuthSettings } from "./config.ts";
