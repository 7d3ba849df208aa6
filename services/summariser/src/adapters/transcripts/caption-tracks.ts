export interface CaptionTrack {
  languageCode: string;
  /** "asr" for speech recognition; absent for captions written by people. */
  kind?: string;
}

export function isCaptionTrack(value: unknown): value is CaptionTrack {
  return typeof (value as { languageCode?: unknown } | null)?.languageCode === "string";
}

/**
 * Captions in the video's own language first, people's before speech recognition's; then people's in any
 * language. When the video's language is unknown, people's captions first, and among them those in the
 * language speech recognition heard, since YouTube recognises speech only in the language spoken.
 */
export function chooseCaptionTrack(
  tracks: CaptionTrack[],
  videoLanguage: string | undefined,
): CaptionTrack | undefined {
  const spoken = videoLanguage ?? tracks.find((track) => track.kind === "asr")?.languageCode;
  const wanted = spoken === undefined ? undefined : normaliseLanguageCode(spoken);
  const inSpokenLanguage = (track: CaptionTrack) =>
    primaryLanguage(normaliseLanguageCode(track.languageCode)) === primaryLanguage(wanted) ? 0 : 1;
  const inExactLanguage = (track: CaptionTrack) =>
    normaliseLanguageCode(track.languageCode) === wanted ? 0 : 1;
  const byPeople = (track: CaptionTrack) => (track.kind === "asr" ? 1 : 0);
  const ranks = videoLanguage === undefined ? [byPeople, inSpokenLanguage] : [inSpokenLanguage, byPeople];
  const order = [...ranks, inExactLanguage];
  return tracks.toSorted((a, b) => {
    for (const rank of order) {
      const difference = rank(a) - rank(b);
      if (difference !== 0) return difference;
    }
    return 0;
  })[0];
}

const primaryLanguage = (code: string | undefined) => code?.split("-")[0];

/** YouTube's codes in BCP 47's canonical form: "iw" is "he", "pt-br" is "pt-BR". */
export function normaliseLanguageCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(code.trim())[0] ?? code.trim();
  } catch {
    return code.trim();
  }
}
