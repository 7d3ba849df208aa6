export { buildSummariserApp, type SummariserDependencies, summariserMigrations } from "./app.ts";
export {
  aiSettingsFrom,
  type DigestSettings,
  digestSettingsFrom,
  type LlmSettings,
  SummariserAiEnvironment,
  SummariserDigestEnvironment,
  type SummariserSettings,
} from "./config.ts";
export type { DigestJobs } from "./digest/digest-jobs.ts";
export { summariserProcess } from "./process.ts";
