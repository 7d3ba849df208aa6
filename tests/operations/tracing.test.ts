import { eventually } from "@tubedigest/testing/eventually";
import { type FakeOtlpReceiver, type ReceivedSpan, startFakeOtlpReceiver } from "@tubedigest/testing/otlp";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealStack, startRealStack } from "../../bench/support/real-stack.ts";
import { signUpThroughGateway } from "../../bench/support/signed-in-user.ts";

// OTLP's span kinds.
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * The gateway, auth, catalog and billing, each in a process of its own started from its environment as a
 * deployment starts it, with the standard OTEL_* variables naming a fake collector: one user action is
 * one trace across them, over HTTP and over RabbitMQ through the outbox.
 */
describe("one trace across the services", () => {
  let collector: FakeOtlpReceiver;
  let stack: RealStack;

  beforeAll(async () => {
    collector = await startFakeOtlpReceiver();
    // The collector is away at first: the services' exporters retry, and nothing else notices.
    collector.fail("unavailable", 2);
    stack = await startRealStack({
      environment: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: "100" },
      keepLogs: true,
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await collector?.close();
  });

  const traceOf = (traceId: string) => collector.spans().filter((span) => span.traceId === traceId);
  const parentOf = (spans: ReceivedSpan[], span: ReceivedSpan) =>
    spans.find((candidate) => candidate.spanId === span.parentSpanId);

  /** The gateway's server span for a request ("GET /api/plans"), once it has arrived. */
  const gatewaySpan = (request: string) =>
    eventually(
      () =>
        collector
          .spans()
          .find(
            (span) =>
              span.service === "gateway" &&
              span.kind === SERVER &&
              `${span.attributes["http.request.method"]} ${span.attributes["url.path"]}` === request,
          ),
      20_000,
    );

  it("follows a signed-in current-user from the gateway to auth, catalog and billing", async () => {
    const user = await signUpThroughGateway(
      stack,
      `${uniqueName("traced")}@example.com`,
      "a long enough password",
    );
    const answer = await fetch(`${stack.gateway}/api/auth/current-user`, {
      headers: { cookie: user.cookie },
    });
    expect(answer.status).toBe(200);

    const root = await gatewaySpan("GET /api/auth/current-user");
    expect(root.parentSpanId).toBe("");
    const owners = await eventually(() => {
      const spans = traceOf(root.traceId).filter(
        (span) => span.kind === SERVER && span.service !== "gateway",
      );
      return spans.length >= 3 ? spans : undefined;
    }, 20_000);
    expect(new Set(owners.map((span) => span.service))).toEqual(new Set(["auth", "catalog", "billing"]));
    const spans = traceOf(root.traceId);
    for (const owner of owners) {
      // Each owner's span hangs from the gateway's call to it, which hangs from the gateway's request.
      const call = parentOf(spans, owner);
      expect(call).toMatchObject({ service: "gateway", kind: CLIENT });
      expect(call && parentOf(spans, call)?.spanId).toBe(root.spanId);
    }
    expect(collector.refused).toBe(2);
  });

  it("starts its own trace at the gateway whatever trace context a visitor sends", async () => {
    const forged = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const answer = await fetch(`${stack.gateway}/api/plans`, {
      headers: { traceparent: forged, tracestate: "vendor=forged" },
    });
    expect(answer.status).toBe(200);
    const root = await gatewaySpan("GET /api/plans");
    expect(root.traceId).not.toBe("0af7651916cd43dd8448eb211c80319c");
    expect(root.parentSpanId).toBe("");
    // The owner continues the gateway's trace, not the forged one: one traceparent reached it.
    const owner = await eventually(
      () => traceOf(root.traceId).find((span) => span.service === "billing" && span.kind === SERVER),
      20_000,
    );
    expect(owner.name).toBe("GET /api/plans");
  });

  it("follows a sign-up from auth's request through its outbox row to billing's and catalog's handlers", async () => {
    await signUpThroughGateway(stack, `${uniqueName("traced")}@example.com`, "a long enough password");
    const root = await gatewaySpan("POST /api/auth/register");
    const consumers = await eventually(() => {
      const spans = traceOf(root.traceId).filter(
        (span) => span.kind === CONSUMER && span.name === "process user.registered",
      );
      return spans.some((span) => span.service === "billing") &&
        spans.some((span) => span.service === "catalog")
        ? spans
        : undefined;
    }, 20_000);
    const spans = traceOf(root.traceId);
    const signUp = spans.find((span) => span.service === "auth" && span.kind === SERVER);
    const publish = spans.find((span) => span.service === "auth" && span.kind === PRODUCER);
    expect(publish).toMatchObject({ name: "publish user.registered" });
    // The relay published later, from the row: its span continues the request that wrote the row.
    expect(publish?.parentSpanId).toBe(signUp?.spanId);
    for (const consumer of consumers) expect(consumer.parentSpanId).toBe(publish?.spanId);
  });

  it("writes the trace id on the service's log lines", async () => {
    const root = await gatewaySpan("POST /api/auth/register");
    const lines = await eventually(() => {
      const found = stack
        .logOf("auth")
        .split("\n")
        .filter((line) => line.includes(root.traceId));
      return found.length > 0 ? found : undefined;
    }, 10_000);
    expect(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg === "request completed")).toBe(
      true,
    );
  });
});
