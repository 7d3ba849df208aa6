import { context, isSpanContextValid, trace } from "@opentelemetry/api";
import { tracingStarted } from "./start-tracing.ts";

/**
 * pino's mixin: the trace and span a line was logged in, so a log search finds every line of one trace
 * in every service. Nothing while tracing is off, or for work outside any trace.
 */
export function traceIdsOfLine(): { traceId?: string; spanId?: string } {
  // Off, no line pays for the look-up.
  if (!tracingStarted()) return {};
  const span = trace.getSpan(context.active());
  if (span === undefined) return {};
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { traceId: spanContext.traceId, spanId: spanContext.spanId } : {};
}
