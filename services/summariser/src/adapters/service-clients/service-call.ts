import { HttpError } from "@tubedigest/http/http-error";

/** How long another service has to answer before the call is given up as unavailable. */
const TIMEOUT_MS = 10_000;

/**
 * The service could not be reached, or answered with a 5xx: the work can be retried later. As an answer,
 * a 503 saying so; `reason` is for the log.
 */
export class ServiceUnavailableError extends HttpError {
  constructor(
    readonly service: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(503, `Part of tubedigest (${service}) is not answering right now. Please try again in a moment.`);
    this.name = "ServiceUnavailableError";
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * One call to another service inside the network. A 2xx answers its JSON; a 4xx becomes an HttpError with
 * the service's own message (it speaks to the same person); no answer or a 5xx is ServiceUnavailableError.
 */
export async function callService<T>(
  service: string,
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ServiceUnavailableError(service, "no answer", { cause: error });
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500) throw new ServiceUnavailableError(service, `status ${response.status}`);
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new ServiceUnavailableError(service, `answer that is not JSON (status ${response.status})`);
  }
  if (!response.ok) {
    const message =
      typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
        ? (body as { message: string }).message
        : `${service} refused the request.`;
    throw new HttpError(response.status, message);
  }
  return body as T;
}
