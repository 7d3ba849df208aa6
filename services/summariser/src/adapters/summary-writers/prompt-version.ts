/**
 * The version of the LLM writer's prompts and answer shapes. Summaries are stored per (video, prompt
 * version): change it whenever a prompt's wording or an answer's shape changes, so new summaries are
 * written instead of old ones being served as if the new prompt had made them.
 */
export const SUMMARY_PROMPT_VERSION = "2026-11-23.1";
