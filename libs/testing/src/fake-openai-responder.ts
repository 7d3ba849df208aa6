/** A chat message as the fake reads it: text parts of an array content are joined into one string. */
export interface FakeChatMessage {
  role: string;
  content: string;
}

/** A chat completion request as the fake received it. */
export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  response_format?: {
    type: string;
    json_schema?: { name: string; schema?: Record<string, unknown>; strict?: boolean | null };
  };
  max_completion_tokens?: number;
  max_tokens?: number;
  [parameter: string]: unknown;
}

type JsonSchema = Record<string, unknown>;

interface Point {
  text: string;
  startSeconds: number | null;
}

/** What an answer is made of: points picked from the prompt and the language it names. */
interface Material {
  language: string;
  points: Point[];
  paragraph: string;
}

const TIMED_LINE = /^\s*\[(?:(\d+):)?(\d{1,2}):(\d{2})\]\s*(.+)$/;
const NAMED_LANGUAGE = /\blanguage:\s*"?([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\b/i;
const MOST_POINTS = 8;
const POINT_CHARS = 160;
const PARAGRAPH_CHARS = 600;

/**
 * A plausible answer made from the request alone: lines of the user messages that start with a time
 * (`[m:ss]`, `[h:mm:ss]`) become points citing that time, or, lacking any, its sentences do (time null);
 * the language is the one the prompt names as `language: xx`, else "en". With a `json_schema` response
 * format the answer is an instance of that schema (arrays of objects get one point each, within
 * `minItems`/`maxItems`); without, it is the paragraph as plain text.
 */
export function defaultFakeResponder(request: FakeChatRequest): string {
  const prompt = request.messages
    .filter((message) => message.role === "user")
    .map((message) => message.content)
    .join("\n");
  const material = materialOf(prompt);
  const schema = request.response_format?.json_schema?.schema;
  if (request.response_format?.type !== "json_schema" || schema === undefined) return material.paragraph;
  return JSON.stringify(instanceOf(schema, material, ""));
}

function materialOf(prompt: string): Material {
  const timed = prompt.split("\n").flatMap((line): Point[] => {
    const match = TIMED_LINE.exec(line);
    if (!match) return [];
    const [, hours = "0", minutes = "0", seconds = "0", text = ""] = match;
    return [
      { text: text.trim(), startSeconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) },
    ];
  });
  const sentences = prompt
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "")
    .map((text) => ({ text, startSeconds: null }));
  const lines = timed.length > 0 ? timed : sentences;
  const points = evenlyPicked(lines, Math.min(lines.length, MOST_POINTS)).map((point) => ({
    ...point,
    text: point.text.slice(0, POINT_CHARS),
  }));
  return {
    language: NAMED_LANGUAGE.exec(prompt)?.[1] ?? "en",
    points,
    paragraph: points
      .map((point) => point.text)
      .join(" ")
      .slice(0, PARAGRAPH_CHARS),
  };
}

/** `count` items spread from the first to the last; fewer items than asked are repeated. */
function evenlyPicked<T>(items: T[], count: number): T[] {
  if (items.length === 0) return [];
  if (items.length <= count) return Array.from({ length: count }, (_, i) => items[i % items.length] as T);
  const step = (items.length - 1) / Math.max(1, count - 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)] as T);
}

function instanceOf(schema: JsonSchema, material: Material, name: string, point?: Point): unknown {
  const branches = (schema.anyOf ?? []) as JsonSchema[];
  const types = branches.length > 0 ? branches.map((branch) => branch.type) : [schema.type].flat();
  const nullable = types.includes("null");
  const type = types.find((candidate) => candidate !== "null");
  const branch = branches.find((candidate) => candidate.type === type) ?? schema;
  if (nullable && point !== undefined && point.startSeconds === null && type !== "string") return null;
  switch (type) {
    case "object": {
      const properties = (branch.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, instanceOf(child, material, key, point)]),
      );
    }
    case "array": {
      const least = Number(branch.minItems ?? 1);
      const most = Number(branch.maxItems ?? 5);
      const count = Math.min(most, Math.max(least, Math.min(material.points.length, most)));
      const items = evenlyPicked(material.points, count);
      return items.map((item) => instanceOf((branch.items ?? {}) as JsonSchema, material, name, item));
    }
    case "string": {
      if (Array.isArray(branch.enum)) return branch.enum[0];
      const text = name === "language" ? material.language : (point?.text ?? material.paragraph);
      return text.slice(0, Number(branch.maxLength ?? text.length));
    }
    case "number":
    case "integer":
      return point?.startSeconds ?? 0;
    case "boolean":
      return true;
    default:
      return null;
  }
}
