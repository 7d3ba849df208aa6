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
import type { AnyEvent } from "@tubedigest/contracts";
import { type MessageHeaders, stringHeader } from "./message-headers.ts";

const tracer = trace.getTracer("@tubedigest/bus");

/** The W3C trace-context headers as a message or an outbox row carries them; empty while tracing is off. */
export type TraceCarrier = Record<string, string>;

/** The headers a propagator may write: trace context and baggage. */
const TRACE_HEADERS = ["traceparent", "tracestate", "baggage"] as const;

/** The active trace context, as headers. */
export function activeTraceCarrier(): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The trace-context headers among a message's, for the copy a retry or a dead letter makes. */
export function traceHeadersOf(headers: MessageHeaders | undefined): TraceCarrier {
  const carrier: TraceCarrier = {};
  for (const name of TRACE_HEADERS) {
    const value = stringHeader(headers, name);
    if (value !== undefined) carrier[name] = value;
  }
  return carrier;
}

/** The context a carrier names (a message's headers, an outbox row's column); the root when none. */
export function traceContextOf(carrier: MessageHeaders | null | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, traceHeadersOf(carrier)) : ROOT_CONTEXT;
}

async function inSpan<T>(span: Span, parent: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    span.end();
  }
}

/** What every bus span says of its message (OpenTelemetry's messaging conventions). */
function messagingAttributes(event: AnyEvent, operation: "send" | "process", destination: string) {
  return {
    "messaging.system": "rabbitmq",
    "messaging.operation.type": operation,
    "messaging.destination.name": destination,
    "messaging.message.id": event.id,
    "messaging.message.conversation_id": event.correlationId,
  };
}

/**
 * An event's publishing, as a producer span of the active trace (the writer's, brought back by the relay
 * from the outbox row), with `publish` given the headers that carry the span on to every consumer.
 */
export function inPublishSpan<T>(
  event: AnyEvent,
  destination: string,
  publish: (traceHeaders: TraceCarrier) => Promise<T>,
): Promise<T> {
  const parent = context.active();
  const span = tracer.startSpan(
    `publish ${event.name}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        ...messagingAttributes(event, "send", destination),
        "messaging.rabbitmq.destination.routing_key": event.name,
      },
    },
    parent,
  );
  return inSpan(span, parent, () => publish(activeTraceCarrier()));
}

/** A delivery's handling, as a consumer span continuing the publisher's trace (from the message's headers). */
export function inProcessSpan<T>(
  queue: string,
  event: AnyEvent,
  headers: MessageHeaders | undefined,
  attempt: number,
  handle: () => Promise<T>,
): Promise<T> {
  const parent = traceContextOf(headers);
  const span = tracer.startSpan(
    `process ${event.name}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(event, "process", queue),
        "messaging.consumer.group.name": queue,
        "messaging.delivery.attempt": attempt,
      },
    },
    parent,
  );
  return inSpan(span, parent, handle);
}
