export { buildSummariserApp, type SummariserDependencies, summariserMigrations } from "./app.ts";
export { aiSettingsFrom, SummariserAiEnvironment, type SummariserSettings } from "./config.ts";
