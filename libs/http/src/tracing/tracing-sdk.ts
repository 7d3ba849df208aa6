import { hostname } from "node:os";
import { DiagLogLevel, diag } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace-node";
import type { TracingSettings } from "@tubedigest/config";
import type { Logger } from "pino";
import { redactUrl } from "../redact-url.ts";

import type { Tracing } from "./start-tracing.ts";

/** The longest one export may take: a collector that hangs must not hold spans, or a shutdown, for long. */
const EXPORT_TIMEOUT_MS = 10_000;

/**
 * Sends this process's spans to an OTLP/HTTP collector: W3C trace context (`traceparent`) read from
 * callers and written on every outgoing call made with fetch or undici (the openai and Gemini SDKs', the
 * gateway's pool; seen through undici's diagnostics channels, so bundled code is traced as well) and on
 * every event the bus publishes. The first service of a trace keeps `sampleRatio` of them; the others
 * follow its choice.
 */
export function registerTracingSdk(settings: TracingSettings, service: string, log: Logger): Tracing {
  const tracingLog = log.child({ component: "tracing" });
  // The SDK's own complaints (a collector that refuses or is away) as the service's log lines.
  diag.setLogger(
    {
      error: (message, ...args) => tracingLog.warn({ args }, message),
      warn: (message, ...args) => tracingLog.warn({ args }, message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      "service.name": settings.serviceName ?? service,
      "service.namespace": "tubedigest",
      "service.instance.id": hostname(),
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({
          url: settings.url,
          headers: settings.headers,
          timeoutMillis: EXPORT_TIMEOUT_MS,
        }),
        { scheduledDelayMillis: settings.scheduleDelayMs, exportTimeoutMillis: EXPORT_TIMEOUT_MS },
      ),
    ],
  });
  // The W3C trace-context and baggage propagators, and context kept across awaits (AsyncLocalStorage).
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new UndiciInstrumentation({
        // Calls made outside any trace (a timer's) would each start one of their own: noise, not a story.
        requireParentforSpans: true,
        // Tokens travel in some queries and paths (the Data API's key, sign-in links): never to the collector.
        requestHook: (span, request) => {
          const target = redactUrl(request.path);
          const queryAt = target.indexOf("?");
          span.setAttributes({
            "url.full": request.origin + target,
            "url.path": queryAt === -1 ? target : target.slice(0, queryAt),
            "url.query": queryAt === -1 ? "" : target.slice(queryAt + 1),
          });
        },
      }),
    ],
  });
  tracingLog.info({ collector: redactUrl(settings.url), sampleRatio: settings.sampleRatio }, "tracing on");
  return {
    async shutdown() {
      unregister();
      await provider.shutdown().catch((error: unknown) => tracingLog.warn({ err: error }, "spans not sent"));
    },
  };
}
