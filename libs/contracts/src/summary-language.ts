/**
 * The languages a reader may have their summaries written in (BCP 47 codes), besides each video's own:
 * those the common hosted models write well. Shared by auth, which accepts only these, and the settings page.
 */
export const SUMMARY_LANGUAGES = [
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "fi",
  "fr",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "nl",
  "no",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-Hans",
  "zh-Hant",
] as const;

export type SummaryLanguage = (typeof SUMMARY_LANGUAGES)[number];

export function isSummaryLanguage(code: unknown): code is SummaryLanguage {
  return typeof code === "string" && (SUMMARY_LANGUAGES as readonly string[]).includes(code);
}
