/**
 * Where a summary's words came from: captions written by people, YouTube's automatic captions, a hosted
 * transcript service, speech-to-text of the audio, or only the title and description.
 */
export type SummaryOrigin =
  | "manual-captions"
  | "automatic-captions"
  | "transcript-api"
  | "speech-to-text"
  | "description";

/** A summary's provenance, as shown to readers: languages by their English names. */
export interface SummarySource {
  origin: SummaryOrigin;
  /** The language of the words summarised ("English"), when known. */
  language: string | null;
  /** The language the summary was translated into for its reader ("German"); null when not translated. */
  translatedInto: string | null;
}

/** How the note under a summary names each origin. */
const NOTE_PHRASES: Record<SummaryOrigin, string> = {
  "manual-captions": "the video's captions",
  "automatic-captions": "the video's automatic captions",
  "transcript-api": "a transcript service",
  "speech-to-text": "speech-to-text of the audio",
  description: "the title and description only",
};

/** The same in a few words, as the e-mail, the preview and the archive show it beside the date. */
const LABELS: Record<SummaryOrigin, string> = {
  "manual-captions": "Captions",
  "automatic-captions": "Automatic captions",
  "transcript-api": "Transcript service",
  "speech-to-text": "Speech-to-text",
  description: "Title and description only",
};

const ORIGIN_OF_PHRASE = new Map(
  Object.entries(NOTE_PHRASES).map(([origin, phrase]) => [phrase, origin as SummaryOrigin]),
);
/** A language's English name: letters, spaces, hyphens, apostrophes and parentheses ("Chinese (Taiwan)"). */
const NAME = "[\\p{L}][\\p{L} '()-]{0,60}";
const NOTE = new RegExp(
  `^Source: (${[...ORIGIN_OF_PHRASE.keys()].join("|")})` +
    `(?: in (${NAME}?))?(?:, translated into (${NAME}))?\\.$`,
  "u",
);

/**
 * The note the summariser writes under a summary (in italics in its markdown): "Source: the video's
 * automatic captions in English, translated into German." The digest reader turns it back into a
 * SummarySource with readSummarySource.
 */
export function summarySourceNote(source: SummarySource): string {
  const language = source.language && source.origin !== "description" ? ` in ${source.language}` : "";
  const translated = source.translatedInto ? `, translated into ${source.translatedInto}` : "";
  return `Source: ${NOTE_PHRASES[source.origin]}${language}${translated}.`;
}

/** The note's text read back; null for any other text. */
export function readSummarySource(text: string): SummarySource | null {
  const match = NOTE.exec(text.trim());
  const origin = match && ORIGIN_OF_PHRASE.get(match[1] ?? "");
  if (!match || !origin) return null;
  return { origin, language: match[2] ?? null, translatedInto: match[3] ?? null };
}

/** A few words for readers: "Automatic captions in English", "Captions in Spanish, translated into English". */
export function summarySourceLabel(source: SummarySource): string {
  const language = source.language && source.origin !== "description" ? ` in ${source.language}` : "";
  const translated = source.translatedInto ? `, translated into ${source.translatedInto}` : "";
  return `${LABELS[source.origin]}${language}${translated}`;
}

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** A BCP 47 code's English name ("pt-BR" is "Brazilian Portuguese"); null for a code the runtime does not know. */
export function languageName(code: string): string | null {
  try {
    return LANGUAGE_NAMES.of(code) ?? null;
  } catch {
    return null;
  }
}
