import Type from "typebox";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./load-config.ts";
import { TracingVariables, tracingSettingsFrom } from "./tracing.ts";

const settingsOf = (env: Record<string, string>) =>
  tracingSettingsFrom(loadConfig(Type.Object(TracingVariables), env));

describe("tracing settings", () => {
  it("are none while no collector is named", () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ OTEL_SERVICE_NAME: "catalog" })).toBeUndefined();
  });

  it("send to the endpoint's /v1/traces, or to the traces endpoint as given", () => {
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })?.url).toBe(
      "http://collector:4318/v1/traces",
    );
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example/otlp",
      })?.url,
    ).toBe("https://traces.example/otlp");
  });

  it("read the headers as percent-encoded pairs, a stray % as it is", () => {
    const settings = settingsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_HEADERS: "api-key=a%20b,x-tenant=100%",
    });
    expect(settings?.headers).toEqual({ "api-key": "a b", "x-tenant": "100%" });
    expect(settings).toMatchObject({ sampleRatio: 1, scheduleDelayMs: 5_000, serviceName: undefined });
  });

  it("refuse a ratio outside 0–1, a collector that is not http(s), headers that are not pairs", () => {
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(() => settingsOf({ ...base, OTEL_TRACES_SAMPLER_ARG: "1.5" })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector:4317" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => settingsOf({ ...base, OTEL_EXPORTER_OTLP_HEADERS: "no-equals-sign" })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
  });
});
