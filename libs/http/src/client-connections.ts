import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { handleError } from "./error-handler.ts";

/** How long a client may take: a slow client holds a connection, and its memory, for as long as it is let. */
export interface ClientTimeouts {
  /**
   * The longest a client may take to send one whole request, headers and body; then it is answered 408
   * and the connection closed. Only receiving counts: a slow answer is not the client's fault.
   */
  requestMs: number;
  /**
   * The longest a connection may stay silent both ways, a request in flight included: above the longest
   * the product takes to answer (the gateway waits 30 s for a service).
   */
  idleMs: number;
}

/** Every request the product takes is small JSON: 30 s is far more than any client needs to send one. */
export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = { requestMs: 30_000, idleMs: 120_000 };

/**
 * The Node and Fastify options every listener of ours is made with: the timeouts, and the answers Node and
 * Fastify would write themselves handed to ours, so each is `{ message }` (with
 * `refuseHostlessAndClosingRequests` on the app). Node checks for overdue requests on a timer (every 30 s
 * by default); checking four times per allowed time keeps a refusal close to when it is due.
 */
export function serverOptions(timeouts: ClientTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.round(timeouts.requestMs / 4))),
      // Node's answer is an empty 400.
      requireHostHeader: false,
    },
    // Fastify's answer carries its own error and statusCode beside the message.
    return503OnClosing: false,
    // What Node refuses before Fastify reads a request, and what the router refuses before any route.
    clientErrorHandler: answerClientError,
    frameworkErrors: handleError,
  };
}

/** Node's refusals before Fastify sees a request, by its error code; anything else is unreadable HTTP. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    message: "The request took too long to arrive. Please send it again.",
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "The request's address or headers are too large.",
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: "Content Too Large",
    message: "The request is too large.",
  },
};
const MALFORMED = { status: 400, reason: "Bad Request", message: "The request is not valid HTTP." };

/**
 * Fastify's `clientErrorHandler`: the request Node could not read (too slow, headers too large, not
 * HTTP) is answered `{ message }` like every other refusal, then the connection is closed.
 */
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, reason, message } = CLIENT_ERRORS[error.code ?? ""] ?? MALFORMED;
  this.log.info({ status, code: error.code }, "request refused before routing");
  // Node's own rule: no answer once the answer to a request in flight has begun.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
