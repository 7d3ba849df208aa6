import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { defaultFakeResponder, type FakeChatRequest } from "./fake-openai-responder.ts";
import { type FakeTranscriptions, fakeTranscriptions } from "./fake-openai-transcriptions.ts";
import { faultQueue } from "./fault-queue.ts";
import { listenLocally } from "./local-http-server.ts";

export { defaultFakeResponder, type FakeChatMessage, type FakeChatRequest } from "./fake-openai-responder.ts";
export {
  defaultFakeTranscriber,
  type FakeTranscribedSegment,
  type FakeTranscriber,
  type FakeTranscriptionFault,
  type FakeTranscriptions,
  type FakeUploadedAudio,
  fakeSpeechWav,
} from "./fake-openai-transcriptions.ts";

/** Writes the assistant's message content for a request; the fake wraps it in a chat completion. */
export type FakeOpenAiResponder = (request: FakeChatRequest) => string;

/** What the fake can do instead of answering well. */
export type FakeOpenAiFault =
  /** 429 `rate_limit_exceeded` with a `retry-after` header (seconds, 1 by default). */
  | { kind: "rateLimited"; retryAfterSeconds?: number }
  | { kind: "serverError"; status?: number }
  /** Answers correctly, but only after `delayMs`. */
  | { kind: "slow"; delayMs: number }
  /** 200 whose message content is not JSON by default, or the given text (e.g. JSON of the wrong shape). */
  | { kind: "malformed"; content?: string }
  /** 200 with the answer cut in half and `finish_reason: "length"`, as when the model ran out of tokens. */
  | { kind: "truncated" };

export interface FakeOpenAiOptions {
  /** The only key accepted as `Authorization: Bearer`. */
  apiKey?: string;
  /** Prompt plus requested completion tokens above this are refused with `context_length_exceeded`. */
  contextTokens?: number;
  /** Model names `GET /v1/models` lists; any other model is refused with 404 `model_not_found`. */
  models?: string[];
  /** Characters counted as a token: 4 by default, as for English; fewer make the fake stricter. */
  charsPerToken?: number;
  /** Time every chat completion takes, so that requests overlap and the concurrency gauge means something. */
  latencyMs?: number;
  responder?: FakeOpenAiResponder;
}

export interface FakeOpenAiApi {
  /** Give this to the SDK as `baseURL`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Chat completion requests received, failed ones included. */
  readonly calls: number;
  /** Tokens billed: those of answered (200) requests only, counted as `usage` reports them. */
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Bodies of the chat completion requests received, oldest first, message contents as plain text. */
  readonly requests: FakeChatRequest[];
  /** Requests being answered right now, and the most there ever were at once. */
  readonly concurrency: { readonly current: number; readonly max: number };
  /** The audio transcription endpoint (`POST /v1/audio/transcriptions`): what it received, and its faults. */
  readonly transcriptions: FakeTranscriptions;
  respondWith(responder: FakeOpenAiResponder): void;
  /** The next `times` chat completions meet `fault`; forever when `times` is omitted. */
  fail(fault: FakeOpenAiFault, times?: number): void;
  /** Removes every pending fault. */
  heal(): void;
  resetCalls(): void;
  close(): Promise<void>;
}

/** Per-message framing tokens the API adds around each message, and around the whole prompt. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;

type Answer = [status: number, body: unknown, headers?: Record<string, string>];

/**
 * A local stand-in for the OpenAI Chat Completions API (node:http on 127.0.0.1, a free port): the official
 * `openai` SDK pointed at it with `baseURL` takes the code path production takes, retries and timeouts
 * included. It answers with JSON in the shape `response_format` asks for, bills tokens estimated from text
 * length, refuses prompts over its context window, and can fail on request.
 */
export async function startFakeOpenAiApi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiApi> {
  const apiKey = options.apiKey ?? "sk-fake-openai";
  const contextTokens = options.contextTokens ?? 8192;
  const models = options.models ?? ["gpt-4o-mini"];
  const latencyMs = options.latencyMs ?? 0;
  // The usual rule of thumb for English with OpenAI's tokenizers.
  const charsPerToken = options.charsPerToken ?? 4;
  const tokensOf = (text: string) => Math.ceil(text.length / charsPerToken);
  let responder = options.responder ?? defaultFakeResponder;
  const requests: FakeChatRequest[] = [];
  const concurrency = { current: 0, max: 0 };
  const faults = faultQueue<FakeOpenAiFault>();
  let calls = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let completionCount = 0;
  const transcriptions = fakeTranscriptions();

  async function answerChat(body: FakeChatRequest, isGone: () => boolean): Promise<Answer> {
    if (!models.includes(body.model)) {
      const message = `The model \`${body.model}\` does not exist or you do not have access to it.`;
      return [404, errorBody(message, "invalid_request_error", null, "model_not_found")];
    }
    const schemaProblem = responseFormatProblem(body.response_format);
    if (schemaProblem) return [400, errorBody(schemaProblem, "invalid_request_error", "response_format")];
    const fault = faults.take();
    if (latencyMs > 0) await sleep(latencyMs);
    if (fault?.kind === "slow") await sleep(fault.delayMs);
    if (fault?.kind === "rateLimited") {
      const message = `Rate limit reached for ${body.model} on requests per min (RPM). Please try again later.`;
      const headers = { "retry-after": String(fault.retryAfterSeconds ?? 1) };
      return [429, errorBody(message, "requests", null, "rate_limit_exceeded"), headers];
    }
    if (fault?.kind === "serverError") {
      const message = "The server had an error while processing your request. Sorry about that!";
      return [fault.status ?? 500, errorBody(message, "server_error")];
    }
    const prompt = promptTokensOf(body, tokensOf);
    const maxCompletion = body.max_completion_tokens ?? body.max_tokens;
    if (prompt + (maxCompletion ?? 0) > contextTokens) {
      const message =
        `This model's maximum context length is ${contextTokens} tokens. However, you requested ` +
        `${prompt + (maxCompletion ?? 0)} tokens (${prompt} in the messages, ${maxCompletion ?? 0} in the ` +
        "completion). Please reduce the length of the messages or completion.";
      return [400, errorBody(message, "invalid_request_error", "messages", "context_length_exceeded")];
    }
    let content =
      fault?.kind === "malformed" ? (fault.content ?? "Sure! Here is the summary: {") : responder(body);
    let finishReason = "stop";
    if (fault?.kind === "truncated") {
      content = content.slice(0, Math.ceil(content.length / 2));
      finishReason = "length";
    }
    if (maxCompletion !== undefined && tokensOf(content) > maxCompletion) {
      content = content.slice(0, Math.floor(maxCompletion * charsPerToken));
      finishReason = "length";
    }
    const completion = tokensOf(content);
    // A client that gave up waiting is not billed: it never saw the answer.
    if (!isGone()) {
      promptTokens += prompt;
      completionTokens += completion;
    }
    completionCount += 1;
    return [
      200,
      chatCompletion(`chatcmpl-fake${completionCount}`, body.model, content, finishReason, {
        prompt,
        completion,
      }),
    ];
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const route = `${request.method} ${url.pathname}`;
    if (route === "POST /v1/chat/completions") calls += 1;
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      const message = "Incorrect API key provided. You can find your API key at https://platform.openai.com.";
      return send(response, [401, errorBody(message, "invalid_request_error", null, "invalid_api_key")]);
    }
    if (route === "GET /v1/models") {
      const data = models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "system" }));
      return send(response, [200, { object: "list", data }]);
    }
    if (route === "POST /v1/audio/transcriptions") return transcriptions.handle(request, response);
    if (route !== "POST /v1/chat/completions") {
      return send(response, [404, errorBody(`Invalid URL (${route})`, "invalid_request_error")]);
    }
    const body = chatRequestOf(await readBody(request));
    if (typeof body === "string") return send(response, [400, errorBody(body, "invalid_request_error")]);
    requests.push(body);
    let gone = false;
    response.once("close", () => {
      gone = true;
    });
    send(response, await answerChat(body, () => gone));
  }

  const server = createServer((request, response) => {
    concurrency.current += 1;
    concurrency.max = Math.max(concurrency.max, concurrency.current);
    response.once("close", () => {
      concurrency.current -= 1;
    });
    handle(request, response).catch((error: unknown) => {
      send(response, [500, errorBody(String(error), "server_error")]);
    });
  });
  const listening = await listenLocally(server, "The fake OpenAI API");

  return {
    baseUrl: `${listening.origin}/v1`,
    apiKey,
    get calls() {
      return calls;
    },
    get promptTokens() {
      return promptTokens;
    },
    get completionTokens() {
      return completionTokens;
    },
    requests,
    concurrency,
    transcriptions,
    respondWith(next) {
      responder = next;
    },
    fail: faults.fail,
    heal: faults.heal,
    resetCalls() {
      calls = 0;
      promptTokens = 0;
      completionTokens = 0;
      requests.length = 0;
      concurrency.max = concurrency.current;
    },
    close: listening.close,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The request with every message's content as plain text, or what is wrong with it. */
function chatRequestOf(text: string): FakeChatRequest | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "We could not parse the JSON body of your request.";
  }
  if (typeof body !== "object" || body === null) return "The request body must be a JSON object.";
  const { model, messages } = body as Record<string, unknown>;
  if (typeof model !== "string") return "you must provide a model parameter";
  if (!Array.isArray(messages) || messages.length === 0) return "'messages' must be a non-empty array.";
  const plain = messages.map((message: { role?: unknown; content?: unknown }) => ({
    role: String(message.role),
    content: textOf(message.content),
  }));
  return { ...(body as FakeChatRequest), messages: plain };
}

/** Content is a string, or an array of parts of which only the text ones matter here. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: { text?: unknown }) => (typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

function promptTokensOf(body: FakeChatRequest, tokensOf: (text: string) => number): number {
  const messages = body.messages.reduce((sum, m) => sum + tokensOf(m.content) + TOKENS_PER_MESSAGE, 0);
  // A structured-output schema is put in the prompt, and billed as such.
  const schema = body.response_format?.json_schema?.schema;
  return messages + TOKENS_PER_PROMPT + (schema ? tokensOf(JSON.stringify(schema)) : 0);
}

/** What the real API says of a `response_format` it refuses; null when it is acceptable. */
function responseFormatProblem(format: FakeChatRequest["response_format"]): string | null {
  if (format === undefined || format.type === "text" || format.type === "json_object") return null;
  if (format.type !== "json_schema") return `Invalid value: '${format.type}'.`;
  const name = format.json_schema?.name;
  if (typeof name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    return "Invalid 'response_format.json_schema.name': string does not match pattern.";
  }
  const schema = format.json_schema?.schema;
  if (!format.json_schema?.strict || schema === undefined) return null;
  const problem = strictSchemaProblem(schema, []);
  return problem && `Invalid schema for response_format '${name}': ${problem}`;
}

type JsonSchema = Record<string, unknown>;

/** Strict structured outputs need every object closed and every property required. */
function strictSchemaProblem(schema: JsonSchema, context: string[]): string | null {
  const where = `In context=(${context.map((part) => `'${part}'`).join(", ")})`;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (schema.type === "object") {
    if (schema.additionalProperties !== false) {
      return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
  }
  const children: [string[], JsonSchema][] = [
    ...Object.entries(properties).map(([key, child]): [string[], JsonSchema] => [["properties", key], child]),
    ...(schema.items ? [[["items"], schema.items as JsonSchema] as [string[], JsonSchema]] : []),
    ...((schema.anyOf ?? []) as JsonSchema[]).map((child, i): [string[], JsonSchema] => [
      ["anyOf", String(i)],
      child,
    ]),
  ];
  for (const [path, child] of children) {
    const problem = strictSchemaProblem(child, [...context, ...path]);
    if (problem) return problem;
  }
  return null;
}

function errorBody(message: string, type: string, param: string | null = null, code: string | null = null) {
  return { error: { message, type, param, code } };
}

function chatCompletion(
  id: string,
  model: string,
  content: string,
  finishReason: string,
  { prompt, completion }: { prompt: number; completion: number },
) {
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    system_fingerprint: null,
  };
}

function send(response: ServerResponse, [status, body, headers = {}]: Answer): void {
  // A client that gave up on a slow answer has closed the socket; there is nobody left to answer.
  if (response.destroyed || response.headersSent) return;
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
