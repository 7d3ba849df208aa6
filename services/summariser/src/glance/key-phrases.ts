/**
 * Words that say nothing about what a video is about, in the titles and key points a digest holds:
 * English function words, the vocabulary of video titles themselves and of their templates ("Five
 * mistakes…", "I spent a month…"), numbers and times, words of degree and frequency, and the verbs a
 * glance line joins videos with.
 */
const EMPTY = new Set(
  (
    "a about above after again against all almost also am an and any are around as at back be because been " +
    "before being best better between both but by can could day did do does doing done down during each " +
    "even ever every few first for from get gets getting go goes going good got great had has have having " +
    "he her here hers him his how however i if in inside into is it its itself just know last least less " +
    "let like made make makes making many may me more most much must my need never new next no not now of " +
    "off on once one only or other our out over own part people really right same says see she should show " +
    "shows so some still such take takes than that the their them then there these they thing things this " +
    "those through time times to today too two under until up us use used using very via want was way ways " +
    "we week well were what when where which while who why will with without would year years yet you your " +
    "video videos episode episodes part live stream shorts channel vlog official full review reviews guide " +
    "explained tutorial update updates trailer reaction watch learn learned learnt learning spent tried " +
    "trying tested testing ranked ranking built building found finding happened happens beginner beginners " +
    "introduction intro basics ultimate complete " +
    "zero three four five six seven eight nine ten eleven twelve twenty fifty hundred thousand million " +
    "third fourth fifth half dozen " +
    "mistake mistakes tip tips trick tricks hack hacks secret secrets reason reasons fact facts lesson " +
    "lessons rule rules step steps idea ideas question questions answer answers everything nothing " +
    "something anything everyone anyone someone worst top must-know month months weeks days hour hours " +
    "minute minutes ago point points covered cover covers came come comes talk talks talked " +
    "talking discuss discusses discussed look looks looked looking posted post posts shared share shares " +
    "often usually always sometimes rarely together per cent percent mean means meant occasional " +
    "occasionally long short small large big little high low early late work works worked century " +
    "centuries decade decades eighteenth nineteenth twentieth twenty-first"
  ).split(" "),
);

/** A phrase: one word of four letters or more, or two such-or-shorter content words side by side. */
export interface Phrase {
  /** Its words as compared: lower case, NFKC. */
  key: string;
  /** As first written. */
  display: string;
  words: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * Each word of some text as compared (lower case, NFKC, without a possessive 's), in order; undefined
 * where it says nothing of what a video is about: an empty word, a number, or one shorter than `shortest`.
 */
export function contentWords(text: string, shortest = 3): ({ key: string; word: string } | undefined)[] {
  const words = text.normalize("NFKC").match(WORD) ?? [];
  return words.map((word) => {
    const key = word.toLocaleLowerCase("en").replace(/['’]s$/, "");
    return EMPTY.has(key) || key.length < shortest || /^\p{N}+$/u.test(key) ? undefined : { key, word };
  });
}

/** The key phrases of some text: its content words, alone and in pairs as they stand. */
export function keyPhrases(text: string): Phrase[] {
  const phrases = new Map<string, Phrase>();
  const content = contentWords(text);
  content.forEach((current, index) => {
    if (!current) return;
    if (current.key.length >= 4 && !phrases.has(current.key)) {
      phrases.set(current.key, { key: current.key, display: current.word, words: 1 });
    }
    const next = content[index + 1];
    if (!next) return;
    const key = `${current.key} ${next.key}`;
    if (!phrases.has(key)) phrases.set(key, { key, display: `${current.word} ${next.word}`, words: 2 });
  });
  return [...phrases.values()];
}
