export { type AuthDependencies, authMigrations, buildAuthApp } from "./app.ts";
export type { AuthSettings } from "./config.ts";
