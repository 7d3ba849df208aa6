export { type AuthDependencies, buildAuthApp } from "./app.ts";
export type { AuthSettings } from "./config.ts";
