import type { TracingSettings } from "@tubedigest/config";
import type { Logger } from "pino";

/** How a process stops tracing: the spans still waiting are sent first. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** Set once this process sends spans; apps made before or without it add no tracing hooks at all. */
let started = false;

export function tracingStarted(): boolean {
  return started;
}

/**
 * Starts sending this process's spans to an OTLP/HTTP collector (see `tracing-sdk.ts`). Without settings
 * nothing is loaded or registered: the SDK's modules are imported only by a process that traces, so the
 * others neither start slower nor pay anything per request.
 */
export async function startTracing(
  settings: TracingSettings | undefined,
  service: string,
  log: Logger,
): Promise<Tracing> {
  if (settings === undefined || started) return { shutdown: async () => {} };
  const { registerTracingSdk } = await import("./tracing-sdk.ts");
  const tracing = registerTracingSdk(settings, service, log);
  started = true;
  return tracing;
}
