import { isEmailAddress } from "@tubedigest/contracts/email-rule";
import fc from "fast-check";

/**
 * Generators for what a careless or hostile client sends. fast-check's default strings are printable
 * ASCII, and a random body is mostly refused before it reaches anything interesting; these reach
 * further: full unicode, control characters (NUL above all), lone surrogates, invalid percent-encoding,
 * and values that are valid but for one character, so they pass the cheap checks and reach validation
 * and the database.
 */

/** Content types a client might claim for a body, right and wrong; mostly right, so the body is read. */
export const ANY_CONTENT_TYPE = fc.oneof(
  { weight: 3, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constant("application/json; charset=utf-8") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "multipart/form-data") },
);

const codePoint = (min: number, max: number) =>
  fc.integer({ min, max }).map((code) => String.fromCodePoint(code));

/**
 * One character no form sends: NUL (Postgres refuses it in text), the other C0 and C1 controls, a lone
 * surrogate (no UTF-8 spelling), and invisible or direction-changing ones that make text look like
 * other text.
 */
export const hostileCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant("\u0000") },
  { weight: 3, arbitrary: codePoint(0x01, 0x1f) },
  { weight: 1, arbitrary: codePoint(0x7f, 0x9f) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "\u200b",
      "\u200d",
      "\u00ad",
      "\u202e",
      "\u2028",
      "\ufeff",
      "\uffff",
      "\u{e0041}",
    ),
  },
);

/** Text from the whole of unicode, printable or not, with hostile characters mixed in. */
export function hostileText(maxLength = 200): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "grapheme", maxLength }),
    fc.string({ unit: "binary", maxLength }),
    fc.string({
      unit: fc.oneof(
        { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
        {
          weight: 1,
          arbitrary: hostileCharacter,
        },
      ),
      maxLength,
    }),
  );
}

/** A valid value with one character replaced by, or one inserted as, a hostile one. */
export function nearValid(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, hostileCharacter, fc.nat(), fc.boolean())
    .map(([text, bad, at, replace]) => spliceCharacter(text, bad, at, replace));
}

function spliceCharacter(text: string, bad: string, at: number, replace: boolean): string {
  // By code point, so a valid surrogate pair is never split by accident.
  const characters = [...text];
  const slots = characters.length + (replace ? 0 : 1);
  characters.splice(slots === 0 ? 0 : at % slots, replace && characters.length > 0 ? 1 : 0, bad);
  return characters.join("");
}

/**
 * A valid e-mail address of fast-check's making, as the product's rule has it (fast-check's own may hold
 * a `%`, which the rule refuses): the base of near-valid ones.
 */
export const emailAddress: fc.Arbitrary<string> = fc.emailAddress({ size: "small" }).filter(isEmailAddress);

/** An e-mail address that is valid but for one character. */
export const nearValidEmail: fc.Arbitrary<string> = nearValid(emailAddress);

/** A channel id of YouTube's form, "UC" and 22 characters of its alphabet: the base of near-valid ones. */
export const youtubeChannelId: fc.Arbitrary<string> = fc
  .string({
    unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
    minLength: 22,
    maxLength: 22,
  })
  .map((rest) => `UC${rest}`);

/**
 * Text a string check sees as one address and a mail library reads as another, or several: the victim's
 * address behind a display name, in a list or a group, with a comment, quotes, a backslash, a domain
 * literal or the percent hack. Each holds a valid address, so only the one-bare-address rule refuses it.
 */
export const notOneBareAddress: fc.Arbitrary<string> = fc
  .tuple(
    emailAddress,
    emailAddress,
    fc.string({ unit: "grapheme-ascii", maxLength: 20 }),
    fc.constantFrom(
      (victim: string, _other: string, name: string) => `${name}<${victim}>`,
      (victim: string, _other: string, name: string) => `${name} <${victim}>`,
      (victim: string, other: string, name: string) => `"${name}${other}" <${victim}>`,
      (victim: string) => `<${victim}>`,
      (victim: string) => `${victim},`,
      (victim: string) => `${victim};`,
      (victim: string, other: string) => `${other}, ${victim}`,
      (victim: string, other: string) => `${other},${victim}`,
      (victim: string, other: string) => `${other};${victim}`,
      (victim: string, _other: string, name: string) => `${name}:${victim};`,
      (victim: string) => victim.replace("@", "(x)@"),
      (victim: string) => `${victim}(x)`,
      (victim: string) => `"${victim.replace("@", '"@')}`,
      (victim: string) => `\\${victim}`,
      (victim: string) => victim.replace(/@.*/, "@[127.0.0.1]"),
      (victim: string, other: string) => victim.replace("@", `%${other.split("@")[1]}@`),
    ),
  )
  .map(([victim, other, name, spell]) => spell(victim, other, name));

/**
 * Bodies a careless or hostile client might send to a route whose well-formed body has `fields` (each
 * with a generator of valid values): mostly the right body with one string somewhere in it corrupted by
 * a hostile character, or one field given a wrong or too long value, so they reach validation and
 * beyond; also not JSON at all, the wrong JSON, unknown fields, and, rarely, a body over every service's
 * size limit.
 */
export function hostileBodies(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const names = Object.keys(fields);
  const wellFormed = fc.record(fields);
  const wrongValue = fc.oneof(
    fc.jsonValue(),
    hostileText(200),
    nearValidEmail,
    notOneBareAddress,
    // Past any field's maxLength, well under the body limit.
    fc.constant("x".repeat(20_000)),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(wellFormed, fc.nat(), hostileCharacter, fc.nat(), fc.boolean())
        .map(([body, leaf, bad, at, replace]) =>
          JSON.stringify(corruptOneString(body, leaf, bad, at, replace)),
        ),
    },
    {
      weight: 3,
      arbitrary: names.length
        ? fc
            .tuple(wellFormed, fc.constantFrom(...names), wrongValue)
            .map(([body, name, value]) => JSON.stringify({ ...body, [name]: value }))
        : wellFormed.map((body) => JSON.stringify(body)),
    },
    { weight: 1, arbitrary: wellFormed.map((body) => JSON.stringify(body)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(wellFormed, fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), fc.jsonValue())
        .map(([body, name, value]) => JSON.stringify({ ...body, [name]: value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record(Object.fromEntries(names.map((name) => [name, fc.jsonValue()])), { requiredKeys: [] })
        .map((body) => JSON.stringify(body)),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
    { weight: 1, arbitrary: hostileText(500) },
    // Over every service's body limit: refused before parsing, so kept rare.
    {
      weight: 1,
      arbitrary: fc.constant(JSON.stringify({ [names[0] ?? "value"]: "x".repeat(1_100_000) })),
    },
  );
}

/** The number of strings in a JSON value. */
function countStrings(node: unknown): number {
  if (typeof node === "string") return 1;
  if (typeof node !== "object" || node === null) return 0;
  return Object.values(node).reduce<number>((sum, item) => sum + countStrings(item), 0);
}

/** `value` with its `leaf`-th string (counting round) spliced with `bad`. */
function corruptOneString(value: unknown, leaf: number, bad: string, at: number, replace: boolean): unknown {
  const count = countStrings(value);
  let remaining = count === 0 ? -1 : leaf % count;
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return remaining-- === 0 ? spliceCharacter(node, bad, at, replace) : node;
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === "object" && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value);
}

/**
 * A `%` that does not begin a percent-encoded UTF-8 character: truncated, not hex, an overlong or
 * surrogate sequence, a byte past U+10FFFF, a stray continuation byte.
 */
export const invalidPercentEncoding: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%",
    "%%",
    "%Z",
    "%ZZ",
    "%0",
    "%C0",
    "%C0%AF",
    "%C0%AE",
    "%E0%A4",
    "%ED%A0%80",
    "%F4%90%80%80",
    "%FF",
    "%80",
    "%u0041",
  ),
  fc
    .array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 3 })
    .map((bytes) => bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join("")),
);

/** True when some `%` in the text does not begin a percent-encoded UTF-8 character. */
export function hasInvalidPercentEncoding(text: string): boolean {
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
}

/** The text percent-encoded as a browser would; a lone surrogate, which has no UTF-8, goes as U+FFFD. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, "\ufffd"));
}

/**
 * The text as a client might write it into a URL: percent-encoded, encoded with an invalid `%` spliced
 * in, or sloppily, with every printable ASCII character left as it is (`"`, `<`, `|`, `\`, a bare `%`,
 * `&` and `=` too) and only the rest encoded, as a request line must carry it. Raw non-ASCII bytes are
 * left out: Node's HTTP parser refuses them before any router sees them.
 */
export function urlSpellings(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: text.map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.tuple(text, invalidPercentEncoding, fc.nat()).map(([value, bad, at]) => {
        const encoded = percentEncode(value);
        // Cut between whole %XX triplets, so the spliced one is the only invalid one.
        const cut = encoded.slice(0, at % (encoded.length + 1)).replace(/%[0-9A-F]?$/, "");
        return `${cut}${bad}${encoded.slice(cut.length)}`;
      }),
    },
    {
      weight: 2,
      arbitrary: text.map((value) =>
        [...value].map((char) => (/^[\x21-\x22\x24-\x7e]$/.test(char) ? char : percentEncode(char))).join(""),
      ),
    },
  );
}

/**
 * Query strings for a route that reads `params` (each with a generator of valid values): the right keys
 * with hostile, near-valid or invalidly encoded values, repeated and unknown keys, keys that name
 * Object's own properties, and stray separators.
 */
export function hostileQueries(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const pairs = Object.entries(params).map(([name, valid]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: urlSpellings(nearValid(valid)) },
        { weight: 2, arbitrary: urlSpellings(hostileText(60)) },
        { weight: 1, arbitrary: valid.map(percentEncode) },
      )
      .map((value) => `${name}=${value}`),
  );
  const pair = fc.oneof(
    ...(pairs.length > 0 ? [{ weight: 4, arbitrary: fc.oneof(...pairs) }] : []),
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom("__proto__", "constructor", "toString", "a[b]", ""),
            urlSpellings(hostileText(10)),
          ),
          urlSpellings(hostileText(20)),
        )
        .map(([key, value]) => `${key}=${value}`),
    },
    { weight: 1, arbitrary: fc.constantFrom("", "=", "&", "%", ...Object.keys(params)) },
  );
  // Mostly one pair: a repeated key makes an array, which a route refuses before reading the value.
  return fc.oneof(
    { weight: 3, arbitrary: pair },
    { weight: 1, arbitrary: fc.array(pair, { minLength: 2, maxLength: 4 }).map((parts) => parts.join("&")) },
  );
}
