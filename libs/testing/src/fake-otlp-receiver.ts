import { createServer } from "node:http";
import { gunzipSync } from "node:zlib";
import { type FaultQueue, faultQueue } from "./fault-queue.ts";
import { listenLocally } from "./local-http-server.ts";

/** One span as the receiver took it, flattened from OTLP's resource and scope nesting. */
export interface ReceivedSpan {
  /** The `service.name` of the resource that sent it. */
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
}

/** What the collector does with the next exports instead of taking them. */
export type OtlpFault = "unavailable" | "rate-limited" | "slow" | "bad-request";

export interface FakeOtlpReceiver {
  /** Give this as OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is where spans go). */
  readonly endpoint: string;
  /** Every span taken so far, in arrival order. */
  spans(): ReceivedSpan[];
  /** Export requests refused or delayed so far (each may carry many spans). */
  readonly refused: number;
  /** The next `times` export requests meet the fault (every one from now on, without `times`). */
  fail(fault: OtlpFault, times?: number): void;
  heal(): void;
  close(): Promise<void>;
}

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value?: AnyValue };
type OtlpSpan = {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  kind?: number;
  attributes?: KeyValue[];
  status?: { code?: number };
};
type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
};

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const given = value?.stringValue ?? value?.boolValue ?? value?.doubleValue ?? value?.intValue;
    if (given !== undefined)
      attributes[key] = typeof given === "string" && value?.intValue ? Number(given) : given;
  }
  return attributes;
}

function spansOf(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"] ?? "");
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId ?? "",
        spanId: span.spanId ?? "",
        parentSpanId: span.parentSpanId ?? "",
        name: span.name ?? "",
        kind: span.kind ?? 0,
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
      })),
    );
  });
}

/**
 * A local stand-in for an OpenTelemetry collector's OTLP/HTTP receiver: `POST /v1/traces` with JSON
 * (gzipped or not) is answered 200 and its spans kept. It can refuse (503), limit (429 with Retry-After),
 * hang past the exporter's patience, or reject the body (400), as collectors do when overloaded or
 * misconfigured; a body that is not OTLP JSON is refused with 400.
 */
export async function startFakeOtlpReceiver(): Promise<FakeOtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const faults: FaultQueue<OtlpFault> = faultQueue();
  let refused = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      if (!request.headers["content-type"]?.startsWith("application/json")) {
        response.writeHead(415, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 3, message: "only OTLP/JSON is taken here" }));
        return;
      }
      const fault = faults.take();
      if (fault !== undefined) {
        refused += 1;
        if (fault === "slow") return; // never answered: the exporter gives up on its own timeout
        const status = { unavailable: 503, "rate-limited": 429, "bad-request": 400 }[fault];
        response.writeHead(status, { "content-type": "application/json", "retry-after": "1" });
        response.end(JSON.stringify({ code: 14, message: `fake collector: ${fault}` }));
        return;
      }
      let body: ExportRequest;
      try {
        const raw = Buffer.concat(chunks);
        const text = (request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString(
          "utf8",
        );
        body = JSON.parse(text) as ExportRequest;
      } catch {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 3, message: "unreadable export request" }));
        return;
      }
      received.push(...spansOf(body));
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  const listening = await listenLocally(server, "The fake OTLP receiver");
  return {
    endpoint: listening.origin,
    spans: () => [...received],
    get refused() {
      return refused;
    },
    fail: (fault, times) => faults.fail(fault, times),
    heal: () => faults.heal(),
    close: () => listening.close(),
  };
}
