import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { redactUrl } from "../redact-url.ts";

const tracer = trace.getTracer("@tubedigest/http");

/** Each request's server span and the context it runs in. */
const traced = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/** The path without its query, credentials redacted, for a span that outlives the request. */
function spanPath(url: string): string {
  const queryAt = url.indexOf("?");
  return redactUrl(queryAt === -1 ? url : url.slice(0, queryAt));
}

export interface RequestTracingOptions {
  /**
   * Continue the caller's trace (`traceparent`): the services, whose callers are the gateway and each
   * other. The gateway starts a trace of its own for every request instead, so no one on the internet
   * chooses which traces are kept or joins theirs to ours.
   */
  continueCallersTrace: boolean;
}

/**
 * A server span for every request, named by its route, in whose context the hooks and the handler run, so
 * the calls they make (HTTP, events) carry it on. Added first, before any other hook: everything after
 * runs inside it.
 */
export function registerRequestTracing(app: FastifyInstance, options: RequestTracingOptions): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const parent = options.continueCallersTrace
      ? propagation.extract(ROOT_CONTEXT, request.headers)
      : ROOT_CONTEXT;
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": request.method,
          "url.path": spanPath(request.url),
          ...(route === undefined ? {} : { "http.route": route }),
          "request.id": request.id,
        },
      },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    traced.set(request, { span, context: spanContext });
    // The rest of the chain is called from `done`, so it runs in the span's context.
    context.with(spanContext, done);
  });
  // Again once the body is read: its stream's callbacks run outside any request's context.
  app.addHook("preHandler", (request, _reply, done) => {
    const entry = traced.get(request);
    if (entry === undefined) done();
    else context.with(entry.context, done);
  });
  app.addHook("onResponse", (request, reply, done) => {
    const entry = traced.get(request);
    traced.delete(request);
    if (entry !== undefined) {
      entry.span.setAttribute("http.response.status_code", reply.statusCode);
      if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
      entry.span.end();
    }
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    const entry = traced.get(request);
    traced.delete(request);
    if (entry !== undefined) {
      entry.span.setStatus({ code: SpanStatusCode.ERROR, message: "aborted by the client" });
      entry.span.end();
    }
    done();
  });
}
