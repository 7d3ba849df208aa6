import { normaliseLanguageCode } from "../caption-tracks.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** English names of the two-letter languages (ISO 639-1) the runtime knows, to their codes. */
const CODES_BY_NAME: ReadonlyMap<string, string> = (() => {
  const names = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  const map = new Map<string, string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      const name = names.of(code);
      if (name) map.set(name.toLowerCase(), code);
    }
  }
  return map;
})();

/**
 * The language a transcription names, as a BCP 47 code: OpenAI's Whisper answers an English name
 * ("english"), faster-whisper servers and Groq a code ("en"). Undefined when it names none we know.
 */
export function spokenLanguage(named: unknown): string | undefined {
  if (typeof named !== "string" || named.trim() === "") return undefined;
  const text = named.trim();
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(text)) return normaliseLanguageCode(text);
  return CODES_BY_NAME.get(text.toLowerCase());
}
