import OpenAI, {
  APIConnectionTimeoutError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAiApi, startFakeOpenAiApi } from "./fake-openai-api.ts";

const MODEL = "gpt-4o-mini";

const SUMMARY_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "summary",
    strict: true,
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["language", "keyPoints", "paragraph"],
      properties: {
        language: { type: "string" },
        keyPoints: {
          type: "array",
          minItems: 3,
          maxItems: 5,
          items: {
            type: "object",
            additionalProperties: false,
            required: ["text", "startSeconds"],
            properties: {
              text: { type: "string" },
              startSeconds: { anyOf: [{ type: "number" }, { type: "null" }] },
            },
          },
        },
        paragraph: { type: "string" },
      },
    },
  },
} as const;

const TIMED_PROMPT = [
  "Video language: pt",
  "Transcript:",
  "[00:05] Bom dia a todos.",
  "[01:10] Hoje falamos de pão.",
  "[12:30] A farinha importa.",
  "[59:59] O forno deve estar quente.",
  "[1:02:03] Obrigado por assistir.",
].join("\n");

describe("the fake OpenAI API, through the official SDK", () => {
  let fake: FakeOpenAiApi;
  let openai: OpenAI;
  beforeEach(async () => {
    fake = await startFakeOpenAiApi({ contextTokens: 1000 });
    openai = sdkFor(fake);
  });
  afterEach(async () => {
    await fake.close();
  });

  const sdkFor = (
    api: FakeOpenAiApi,
    options: { apiKey?: string; maxRetries?: number; timeout?: number } = {},
  ) =>
    new OpenAI({
      apiKey: options.apiKey ?? api.apiKey,
      baseURL: api.baseUrl,
      maxRetries: options.maxRetries ?? 0,
      timeout: options.timeout ?? 2_000,
      logLevel: "off",
    });

  const summarise = (client = openai, content = TIMED_PROMPT) =>
    client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: "system", content: "Summarise faithfully." },
        { role: "user", content },
      ],
      response_format: SUMMARY_FORMAT,
    });

  it("lists its models and refuses a model it does not have", async () => {
    const models = await openai.models.list();
    expect(models.data.map((model) => model.id)).toEqual([MODEL]);
    const unknown = openai.chat.completions.create({
      model: "gpt-9",
      messages: [{ role: "user", content: "hi" }],
    });
    await expect(unknown).rejects.toMatchObject({ status: 404, code: "model_not_found" });
    await expect(unknown).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a wrong API key", async () => {
    await expect(summarise(sdkFor(fake, { apiKey: "sk-wrong" }))).rejects.toBeInstanceOf(AuthenticationError);
    expect(fake.promptTokens).toBe(0);
  });

  it("answers in the requested shape, citing times from the prompt in the language it names", async () => {
    const completion = await summarise();
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe("stop");
    const answer = JSON.parse(choice?.message.content ?? "");
    expect(answer.language).toBe("pt");
    expect(answer.keyPoints).toHaveLength(5);
    expect(answer.keyPoints.map((point: { startSeconds: number }) => point.startSeconds)).toEqual([
      5, 70, 750, 3599, 3723,
    ]);
    expect(answer.keyPoints[0].text).toBe("Bom dia a todos.");
    expect(answer.paragraph).toContain("A farinha importa.");
  });

  it("answers with sentences and null times when the prompt has no timed lines", async () => {
    const completion = await summarise(openai, "A bread video. It shows flour. Then an oven.");
    const answer = JSON.parse(completion.choices[0]?.message.content ?? "");
    expect(answer.language).toBe("en");
    expect(answer.keyPoints).toEqual([
      { text: "A bread video.", startSeconds: null },
      { text: "It shows flour.", startSeconds: null },
      { text: "Then an oven.", startSeconds: null },
    ]);
  });

  it("reports usage estimated from text length, and counts it with the calls and request bodies", async () => {
    const first = await summarise();
    const second = await summarise(openai, "short");
    const content = first.choices[0]?.message.content ?? "";
    expect(first.usage?.completion_tokens).toBe(Math.ceil(content.length / 4));
    expect(first.usage?.total_tokens).toBe(
      (first.usage?.prompt_tokens ?? 0) + (first.usage?.completion_tokens ?? 0),
    );
    expect(second.usage?.prompt_tokens).toBeLessThan(first.usage?.prompt_tokens ?? 0);
    expect(fake.calls).toBe(2);
    expect(fake.promptTokens).toBe((first.usage?.prompt_tokens ?? 0) + (second.usage?.prompt_tokens ?? 0));
    expect(fake.completionTokens).toBe(
      (first.usage?.completion_tokens ?? 0) + (second.usage?.completion_tokens ?? 0),
    );
    expect(fake.requests[1]?.messages[1]).toEqual({ role: "user", content: "short" });
    expect(fake.requests[0]?.response_format?.json_schema?.name).toBe("summary");
  });

  it("refuses a prompt over its context window as OpenAI does, and bills nothing for it", async () => {
    const long = "word ".repeat(1000);
    const refused = summarise(openai, long);
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      code: "context_length_exceeded",
      param: "messages",
    });
    expect(fake.promptTokens).toBe(0);
  });

  it("counts the requested completion tokens against the context window", async () => {
    const request = (max: number) =>
      openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: "user", content: "word ".repeat(600) }],
        max_completion_tokens: max,
      });
    await expect(request(100)).resolves.toBeDefined();
    await expect(request(900)).rejects.toMatchObject({ code: "context_length_exceeded" });
  });

  it("cuts an answer longer than max_completion_tokens, with finish_reason length", async () => {
    const completion = await openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: TIMED_PROMPT }],
      response_format: SUMMARY_FORMAT,
      max_completion_tokens: 10,
    });
    expect(completion.choices[0]?.finish_reason).toBe("length");
    expect(completion.choices[0]?.message.content).toHaveLength(40);
  });

  it("refuses a strict schema with an open object", async () => {
    const open = { ...SUMMARY_FORMAT.json_schema.schema, additionalProperties: true };
    const refused = openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "hi" }],
      response_format: { type: "json_schema", json_schema: { name: "summary", strict: true, schema: open } },
    });
    await expect(refused).rejects.toThrow(/additionalProperties/);
  });

  it("answers with the configured responder", async () => {
    fake.respondWith((request) => `echo ${request.messages.length}`);
    const completion = await summarise();
    expect(completion.choices[0]?.message.content).toBe("echo 2");
  });

  it("rate-limits with retry-after, for as many calls as asked, then answers again", async () => {
    fake.fail({ kind: "rateLimited", retryAfterSeconds: 3 }, 1);
    const limited = await summarise().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).headers?.get("retry-after")).toBe("3");
    expect((limited as RateLimitError).code).toBe("rate_limit_exceeded");
    await expect(summarise()).resolves.toBeDefined();
    expect(fake.calls).toBe(2);
  });

  it("lets the SDK's retries through a rate limit whose retry-after is 0", async () => {
    fake.fail({ kind: "rateLimited", retryAfterSeconds: 0 }, 2);
    await expect(summarise(sdkFor(fake, { maxRetries: 2 }))).resolves.toBeDefined();
    expect(fake.calls).toBe(3);
  });

  it("fails with the server error asked for until healed", async () => {
    fake.fail({ kind: "serverError", status: 503 });
    await expect(summarise()).rejects.toMatchObject({ status: 503 });
    await expect(summarise()).rejects.toBeInstanceOf(InternalServerError);
    fake.heal();
    await expect(summarise()).resolves.toBeDefined();
  });

  it("answers slowly enough for the SDK's timeout to trip, and bills nothing the client did not see", async () => {
    fake.fail({ kind: "slow", delayMs: 400 }, 1);
    await expect(summarise(sdkFor(fake, { timeout: 100 }))).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fake.promptTokens).toBe(0);
  });

  it("answers malformed content: not JSON by default, or the text given", async () => {
    fake.fail({ kind: "malformed" }, 1);
    fake.fail({ kind: "malformed", content: '{"summary":"x"}' }, 1);
    const notJson = await summarise();
    expect(() => JSON.parse(notJson.choices[0]?.message.content ?? "")).toThrow(SyntaxError);
    const wrongShape = await summarise();
    expect(wrongShape.choices[0]?.message.content).toBe('{"summary":"x"}');
    expect(fake.completionTokens).toBeGreaterThan(0);
  });

  it("answers truncated content with finish_reason length", async () => {
    fake.fail({ kind: "truncated" }, 1);
    const truncated = await summarise();
    const whole = await summarise();
    const cut = truncated.choices[0]?.message.content ?? "";
    expect(truncated.choices[0]?.finish_reason).toBe("length");
    expect(whole.choices[0]?.message.content?.startsWith(cut)).toBe(true);
    expect(cut.length).toBeLessThan(whole.choices[0]?.message.content?.length ?? 0);
  });

  it("records the most requests it answered at once", async () => {
    const slow = await startFakeOpenAiApi({ latencyMs: 50 });
    try {
      const client = sdkFor(slow);
      await Promise.all([1, 2, 3].map(() => summarise(client)));
      await summarise(client);
      expect(slow.concurrency.max).toBe(3);
      expect(slow.concurrency.current).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
