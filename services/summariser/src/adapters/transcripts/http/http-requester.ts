/** One request of a transcript source: what it asks and how long it waits. */
export interface OutboundRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** An answer read whole: the status and the body as text. */
export interface OutboundAnswer {
  status: number;
  text: string;
}

/** How a transcript source reaches the outside: directly, or through a proxy. Throws on network failures. */
export type HttpRequester = (url: string, request: OutboundRequest) => Promise<OutboundAnswer>;

/** Requests straight from this machine, with Node's fetch. */
export const directRequester: HttpRequester = async (url, request) => {
  const response = await fetch(url, {
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  return { status: response.status, text: await response.text() };
};
