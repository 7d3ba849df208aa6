import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";
import { EmailAddress, multiLineText, singleLineText } from "./schemas.ts";

let app: ServiceApp;

beforeAll(async () => {
  app = createServiceApp({ name: "probe", logLevel: "silent" });
  const body = Type.Object(
    {
      email: Type.Optional(EmailAddress),
      name: Type.Optional(singleLineText("Full name", { maxLength: 20 })),
      about: Type.Optional(multiLineText("About", { maxLength: 50 })),
    },
    { additionalProperties: false },
  );
  app.post("/body", { schema: { body } }, async () => ({ ok: true }));
  const querystring = Type.Object({ q: singleLineText("Search text", { minLength: 1, maxLength: 10 }) });
  app.get("/query", { schema: { querystring } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const send = async (body: Record<string, unknown>) => {
  const response = await app.inject({ method: "POST", url: "/body", payload: body });
  return { status: response.statusCode, message: response.json().message as string | undefined };
};

describe("text schemas, through the validator every service uses", () => {
  it("compiles patterns with the u flag: \\p{…} is a Unicode class, not the letters p, C, c and s", async () => {
    expect(await send({ name: "Cups {pCcs}" })).toEqual({ status: 200, message: undefined });
    expect(await send({ email: "cups.pCcs@x.io" })).toEqual({ status: 200, message: undefined });
    // A character outside the BMP is one code point, not two lone surrogates.
    expect((await send({ name: "Ada 😀", email: "😀@x.io" })).status).toBe(200);
  });

  it.each([
    ["NUL", "a\u0000b@x.io"],
    ["a tab inside", "a\tb@x.io"],
    ["a zero-width space", "a\u200bb@x.io"],
    ["a right-to-left override", "a\u202eb@x.io"],
    ["a lone surrogate", "a\ud800b@x.io"],
    ["DEL", "a\u007fb@x.io"],
  ])("refuses an e-mail address with %s", async (_what, email) => {
    expect(await send({ email })).toEqual({ status: 400, message: "Please enter a valid email address" });
  });

  it.each([
    ["a display name", "Ann <ann@x.io>"],
    ["a display name without a blank", "a<victim@x.io>"],
    ["a list ending in a comma", "alice@x.io,"],
    ["a list of two", "alice@x.io, bob@y.io"],
    ["a list ending in a semicolon", "alice@x.io;"],
    ["quotes", '"alice"@x.io'],
    ["a comment", "alice(x)@x.io"],
    ["a backslash", "ali\\ce@x.io"],
  ])("refuses %s, which nodemailer would read as another recipient or several: %j", async (_what, email) => {
    expect(await send({ email })).toEqual({ status: 400, message: "Please enter a valid email address" });
  });

  it("takes plus-addressing and an international domain", async () => {
    expect((await send({ email: "ann+digest@bücher.de" })).status).toBe(200);
  });

  it("still takes an address with blanks around it, which are trimmed later", async () => {
    expect((await send({ email: " \tann@x.io\n" })).status).toBe(200);
  });

  it.each(["a\u0000b", "a\nb", "a\rb", "a\tb", "a\u0085b", "a\ud800b"])(
    "refuses single-line text %j with a message naming the field",
    async (name) => {
      expect(await send({ name })).toEqual({
        status: 400,
        message: "Full name must be a single line of text without control characters.",
      });
    },
  );

  it("lets multi-line text break lines and indent, and nothing else", async () => {
    expect((await send({ about: "Line one\r\n\tline two\n" })).status).toBe(200);
    for (const about of ["a\u0000b", "a\u000bb", "a\u001bb", "a\u009fb", "a\udc00b"]) {
      expect(await send({ about })).toEqual({
        status: 400,
        message: "About must not contain control characters other than tabs and line breaks.",
      });
    }
  });

  it("words type and length errors after the field", async () => {
    expect(await send({ name: 7 })).toEqual({ status: 400, message: "Full name must be text." });
    expect(await send({ name: "x".repeat(21) })).toEqual({
      status: 400,
      message: "Full name must be at most 20 characters.",
    });
  });

  it("checks query strings the same way", async () => {
    const query = async (q: string) => (await app.inject({ method: "GET", url: `/query?q=${q}` })).json();
    expect(await query("ab%2F..cd")).toEqual({ ok: true });
    expect(await query("ab%00cd")).toEqual({
      message: "Search text must be a single line of text without control characters.",
    });
    expect(await query("")).toEqual({ message: "Search text must not be empty." });
  });
});
