import { context, isSpanContextValid, trace } from "@opentelemetry/api";

/**
 * pino's mixin: the trace and span a line was logged in, so a log search finds every line of one trace
 * in every service. Nothing when no span is active (tracing off, or work outside any trace).
 */
export function traceIdsOfLine(): { traceId?: string; spanId?: string } {
  const span = trace.getSpan(context.active());
  if (span === undefined) return {};
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { traceId: spanContext.traceId, spanId: spanContext.spanId } : {};
}
