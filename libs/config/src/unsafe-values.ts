/**
 * Values a process must never start with, whatever each variable's own schema allows: the placeholders
 * this repository's examples carry (.env.example, k8s/base/secrets.example.env, the docs), one secret
 * reused as another, and development aids under APP_ENV=production. Every rule is here, so every service
 * that reads its environment with loadConfig keeps them all.
 */

/** Variables that hold a credential: never shown in a message, never a placeholder, never shared. */
export const SECRET_NAME = /SECRET|TOKEN|PASSWORD|KEY/;

/** How the examples mark a value to be replaced; a secret made at random contains none of them. */
const PLACEHOLDER_MARKS = [
  "replace_with",
  "replace_or_remove",
  "replace-me",
  "replace_me",
  "change-me",
  "change_me",
  "changeme",
  "example",
  "placeholder",
  "...",
  "…",
];
/** Whole values the examples use for a password inside a URL (postgres://USER:PASSWORD@…). */
const PLACEHOLDER_VALUES = new Set(["password", "secret"]);

/** The committed values of development setups (.env.example, k8s/overlays/dev): fine on a laptop only. */
const DEVELOPMENT_MARKS = ["dev-only", "not-for-production"];

/** Stripe's test-mode keys: no real card is ever charged with them. */
const STRIPE_TEST_KEY = /^(sk|rk|pk)_test_/;

const containsAny = (value: string, marks: readonly string[]) => {
  const lower = value.toLowerCase();
  return marks.some((mark) => lower.includes(mark));
};

const isPlaceholder = (value: string) =>
  containsAny(value, PLACEHOLDER_MARKS) || PLACEHOLDER_VALUES.has(value.toLowerCase());

/** A URL's password as written, undecoded; undefined for any other value. */
function passwordInUrl(value: string): string | undefined {
  const url = URL.parse(value);
  return url?.password ? decodeURIComponent(url.password) : undefined;
}

/** Each credential among the settings, under the words a message names it by. */
function credentialsOf(settings: Readonly<Record<string, unknown>>): { label: string; value: string }[] {
  const credentials: { label: string; value: string }[] = [];
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value !== "string") continue;
    if (SECRET_NAME.test(name)) credentials.push({ label: name, value });
    else {
      const password = passwordInUrl(value);
      if (password !== undefined) credentials.push({ label: `the password in ${name}`, value: password });
    }
  }
  return credentials;
}

/** Secret variables sharing one value, each group named once ("A and B have the same value"). */
function sharedSecrets(settings: Readonly<Record<string, unknown>>): string[] {
  const byValue = new Map<string, string[]>();
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value !== "string" || !SECRET_NAME.test(name)) continue;
    byValue.set(value, [...(byValue.get(value) ?? []), name]);
  }
  return [...byValue.values()]
    .filter((names) => names.length > 1)
    .map(
      (names) =>
        `${names.slice(0, -1).join(", ")} and ${names.at(-1)} have the same value: give each secret a value of its own`,
    );
}

/**
 * One line per unsafe value among settings that passed their schema (names in the schema's order); empty
 * when there is none. Messages name variables, never their values.
 */
export function unsafeValueProblems(settings: Readonly<Record<string, unknown>>): string[] {
  const production = settings.APP_ENV === "production";
  const problems: string[] = [];
  for (const { label, value } of credentialsOf(settings)) {
    if (isPlaceholder(value)) {
      problems.push(
        `${label} is a placeholder from an example: set a value of your own (e.g. openssl rand -hex 32)`,
      );
    } else if (production && containsAny(value, DEVELOPMENT_MARKS)) {
      problems.push(
        `${label} is a development value (dev-only-…), refused with APP_ENV=production: set a value of your own`,
      );
    }
  }
  problems.push(...sharedSecrets(settings));
  if (production) {
    if (settings.BILLING_TEST_MODE === "true") {
      problems.push(
        "BILLING_TEST_MODE=true lets plans start without payment, refused with APP_ENV=production: set it to false",
      );
    }
    for (const [name, value] of Object.entries(settings)) {
      if (name.startsWith("STRIPE_") && typeof value === "string" && STRIPE_TEST_KEY.test(value)) {
        problems.push(
          `${name} is a Stripe test key, refused with APP_ENV=production: use the live key (sk_live_…, pk_live_…)`,
        );
      }
    }
  }
  return problems;
}
