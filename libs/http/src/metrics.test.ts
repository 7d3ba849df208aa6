import perfHooks from "node:perf_hooks";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { describe, expect, it, vi } from "vitest";
import { createServiceApp } from "./create-service-app.ts";
import { addCounter, addGauge, addHistogram, lazyProcessMetrics, listenForMetrics } from "./metrics.ts";

describe("metrics", () => {
  it("apart are answered only on their own listener, which closes with the app", async () => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent", metrics: "apart" });
    const url = await listenForMetrics(probe, { port: 0, host: "127.0.0.1" });
    await probe.inject("/healthz");
    expect((await probe.inject("/metrics")).statusCode).toBe(404);
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain(
      'http_request_duration_seconds_count{service="probe",method="GET",route="/healthz"',
    );
    const elsewhere = await fetch(`${url}/healthz`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ message: "No route for GET /healthz" });
    const oversized = await rawHttpRequest(Number(new URL(url).port), {
      target: "/metrics",
      headers: { "x-filler": "a".repeat(20_000) },
    });
    expect([oversized.status, JSON.parse(oversized.body)]).toEqual([
      431,
      { message: "The request's address or headers are too large." },
    ]);
    const hostless = await rawHttpRequest(Number(new URL(url).port), {
      target: "/metrics",
      headers: { host: undefined },
    });
    expect([hostless.status, JSON.parse(hostless.body)]).toEqual([
      400,
      { message: "The request has no Host header, which HTTP/1.1 requires." },
    ]);
    await probe.close();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });

  it("on the app's own port have no listener apart", async () => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent" });
    await expect(listenForMetrics(probe, { port: 0, host: "127.0.0.1" })).rejects.toThrow(/apart/);
    await probe.close();
  });

  it("of the service's own are served with the app's, under its service label", async () => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent" });
    const sent = addCounter(probe, { name: "probe_letters_total", help: "Letters", labelNames: ["kind"] });
    sent.inc({ kind: "weekly" }, 2);
    const metrics = (await probe.inject("/metrics")).body;
    expect(metrics).toContain('probe_letters_total{kind="weekly",service="probe"} 2');
    await probe.close();
  });

  it("of the service's own gauges are read at each scrape", async () => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent" });
    let depth = 3;
    addGauge(probe, {
      name: "probe_queue_depth",
      help: "Depth",
      labelNames: ["queue"],
      collect: async (gauge) => {
        gauge.set({ queue: "letters" }, depth);
      },
    });
    expect((await probe.inject("/metrics")).body).toContain(
      'probe_queue_depth{queue="letters",service="probe"} 3',
    );
    depth = 0;
    expect((await probe.inject("/metrics")).body).toContain(
      'probe_queue_depth{queue="letters",service="probe"} 0',
    );
    await probe.close();
  });

  it("of the service's own timings are histograms on the app's registry", async () => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent" });
    const took = addHistogram(probe, {
      name: "probe_step_seconds",
      help: "Step",
      buckets: [0.01, 0.1],
      labelNames: ["step"],
    });
    took.observe({ step: "fill" }, 0.05);
    const metrics = (await probe.inject("/metrics")).body;
    expect(metrics).toContain('probe_step_seconds_bucket{le="0.01",service="probe",step="fill"} 0');
    expect(metrics).toContain('probe_step_seconds_bucket{le="0.1",service="probe",step="fill"} 1');
    expect(metrics).toContain('probe_step_seconds_count{service="probe",step="fill"} 1');
    await probe.close();
  });

  it("of the process are served by every service in it, each under its own service label", async () => {
    const auth = createServiceApp({ name: "auth", logLevel: "silent" });
    const mailer = createServiceApp({ name: "mailer", logLevel: "silent" });
    for (const [app, service] of [
      [auth, "auth"],
      [mailer, "mailer"],
    ] as const) {
      const metrics = (await app.inject("/metrics")).body;
      expect(metrics).toMatch(new RegExp(`^process_cpu_seconds_total\\{service="${service}"\\} \\S+$`, "m"));
      expect(metrics).toMatch(
        new RegExp(`^nodejs_eventloop_lag_seconds\\{service="${service}"\\} \\S+$`, "m"),
      );
      expect(metrics).not.toContain(`service="${service === "auth" ? "mailer" : "auth"}"`);
    }
    await Promise.all([auth.close(), mailer.close()]);
  });

  it("of the process start when first asked for, and only once", () => {
    const monitors = vi.spyOn(perfHooks, "monitorEventLoopDelay");
    const processMetrics = lazyProcessMetrics();
    expect(monitors).not.toHaveBeenCalled();
    const registry = processMetrics();
    expect(processMetrics()).toBe(registry);
    expect(monitors).toHaveBeenCalledTimes(1);
    // The monitor would wake this test worker every 10 ms for the rest of its run.
    monitors.mock.results[0]?.value.disable();
    monitors.mockRestore();
  });

  it("of the process are collected once per process, however many apps it builds", async () => {
    const first = createServiceApp({ name: "auth", logLevel: "silent" });
    await first.inject("/metrics");
    const monitors = vi.spyOn(perfHooks, "monitorEventLoopDelay");
    const apps = ["catalog", "mailer"].map((name) => createServiceApp({ name, logLevel: "silent" }));
    for (const app of apps) {
      expect((await app.inject("/metrics")).body).toMatch(/^nodejs_eventloop_lag_p99_seconds\{/m);
    }
    expect(monitors).not.toHaveBeenCalled();
    monitors.mockRestore();
    await Promise.all([first, ...apps].map((app) => app.close()));
  });
});
