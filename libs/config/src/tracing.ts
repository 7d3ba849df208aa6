import Type, { type Static } from "typebox";
import { Url } from "./schemas.ts";

/**
 * OpenTelemetry's own variables, as every OTLP-speaking process reads them, so a collector set up for
 * other software needs nothing new here. Tracing is off (and costs nothing) while no endpoint is set.
 */
export const TracingVariables = {
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Url(["http", "https"], {
      description:
        "An OTLP/HTTP collector (`/v1/traces` is added): spans are sent there; unset with the next: no tracing",
    }),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(
    Url(["http", "https"], {
      description:
        "The collector's whole traces address, taken as it is; overrides OTEL_EXPORTER_OTLP_ENDPOINT",
    }),
  ),
  OTEL_EXPORTER_OTLP_HEADERS: Type.Optional(
    Type.String({
      pattern: "^[^=,\\s]+=[^,]*(,[^=,\\s]+=[^,]*)*$",
      description: "Headers sent with every export, `name=value` pairs joined by commas (an API key)",
    }),
  ),
  OTEL_SERVICE_NAME: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: "The spans' service name; unset: the service's own",
    }),
  ),
  OTEL_TRACES_SAMPLER_ARG: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 1,
    description: "The share of traces the first service keeps (the rest follow its choice)",
  }),
  OTEL_BSP_SCHEDULE_DELAY: Type.Integer({
    minimum: 1,
    default: 5_000,
    description: "How long finished spans wait to be sent together, in milliseconds",
  }),
};

const TracingEnvironment = Type.Object(TracingVariables);

/** Where and how spans are sent; none when no collector is named. */
export interface TracingSettings {
  /** The traces address (`…/v1/traces`). */
  url: string;
  headers: Record<string, string>;
  serviceName: string | undefined;
  sampleRatio: number;
  scheduleDelayMs: number;
}

/** The OTLP variables' values are percent-encoded; a stray `%` is taken literally rather than refused. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function tracingSettingsFrom(env: Static<typeof TracingEnvironment>): TracingSettings | undefined {
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? undefined
      : `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`);
  if (url === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const pair of env.OTEL_EXPORTER_OTLP_HEADERS?.split(",") ?? []) {
    const at = pair.indexOf("=");
    headers[percentDecoded(pair.slice(0, at).trim())] = percentDecoded(pair.slice(at + 1).trim());
  }
  return {
    url,
    headers,
    serviceName: env.OTEL_SERVICE_NAME,
    sampleRatio: env.OTEL_TRACES_SAMPLER_ARG,
    scheduleDelayMs: env.OTEL_BSP_SCHEDULE_DELAY,
  };
}
