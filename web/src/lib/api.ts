import { refreshCurrentUser } from "./refresh-current-user.ts";

/** A non-2xx answer from the API. `body` is the parsed JSON when the answer was JSON, else its text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequest {
  method?: string;
  /** Sent as the JSON body. */
  json?: unknown;
  /** Lets the request outlive the page (leaving it, in-app or by closing the tab). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/**
 * The one way the web app calls its API (docs/product.md#api): always with the session cookie, JSON in and
 * out. A non-2xx answer throws an ApiError whose message is '{status}: {body text or status text}'; an empty
 * answer (204) resolves to undefined. A 401 outside `/api/auth/` asks again who is signed in.
 */
export async function apiFetch<T>(path: string, init: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    credentials: "include",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    keepalive: init.keepalive,
    signal: init.signal,
  });
  const text = await response.text();
  const body = parseBody(text);
  // A signed-in screen whose session ended meanwhile (expired, or signed out elsewhere) learns it at once:
  // asking who is signed in turns it into its 'Authentication Required' view with the way to sign in,
  // rather than leaving a form that fails on every save.
  if (response.status === 401 && !path.startsWith("/api/auth/"))
    void refreshCurrentUser().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(response.status, body, `${response.status}: ${text || response.statusText}`);
  }
  return body as T;
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The server's own explanation of a failure (its JSON body's `message`), for the toasts of
 * docs/product.md#error-messages.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") {
    return body.message || undefined;
  }
  return undefined;
}

/** Whether the failure is the API saying nobody is signed in. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
