export { type AuthDependencies, authMigrations, buildAuthApp } from "./app.ts";
export type { AuthSettings } from "./config.ts";
export { authProcess } from "./process.ts";
