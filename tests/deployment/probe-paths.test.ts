import { createInProcessScheduler } from "@tubedigest/jobs";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTestStack, type TestStack } from "../../services/gateway/test/test-stack.ts";
import { buildSchedulerApp } from "../../services/scheduler/src/app.ts";
import { type KubernetesObject, kubernetesChecksRun, ofKind, render } from "./support/kustomize.ts";

const PROBES = ["startupProbe", "livenessProbe", "readinessProbe"] as const;

/** Each Deployment's probe paths, as the kubelet will ask them. */
const probePaths = (deployment: KubernetesObject): string[] => {
  const server = deployment.spec.template.spec.containers[0];
  return PROBES.map((probe) => server[probe].httpGet.path as string);
};

describe.skipIf(!kubernetesChecksRun())("every probe in the manifests", () => {
  const deployments = ofKind(render("k8s/base"), "Deployment");
  let stack: TestStack;
  let scheduler: Awaited<ReturnType<typeof buildSchedulerApp>>;
  let schedules: ReturnType<typeof createInProcessScheduler>;
  /** What a service answers on a path: its status, and whether the body is its own JSON (not a page). */
  const ask: Record<string, (path: string) => Promise<string>> = {};

  beforeAll(async () => {
    stack = await sharedTestStack("embedded");
    const log = pino({ level: "silent" });
    // Closed with the app: the shared stack's bus outlives this file, and its hourly slots would go on.
    schedules = createInProcessScheduler({ log });
    scheduler = await buildSchedulerApp({}, { log, events: stack.events, scheduler: schedules });
    const describeAnswer = (status: number, type: string | undefined) =>
      `${status} ${type?.startsWith("application/json") ? "json" : "other"}`;
    const overHttp = (base: string) => async (path: string) => {
      const answer = await fetch(`${base}${path}`);
      return describeAnswer(answer.status, answer.headers.get("content-type") ?? undefined);
    };
    const injected = (app: typeof scheduler) => async (path: string) => {
      const answer = await app.inject({ url: path });
      return describeAnswer(answer.statusCode, answer.headers["content-type"] as string | undefined);
    };
    Object.assign(ask, {
      ...Object.fromEntries(Object.entries(stack.services).map(([name, url]) => [name, overHttp(url)])),
      gateway: injected(stack.gateway),
      scheduler: injected(scheduler),
    });
  });
  afterAll(async () => {
    await scheduler?.close();
    await schedules?.close();
  });

  it.each(deployments.map((deployment) => [deployment.metadata.name, deployment]))(
    "is a path %s really serves, answering 200 with its health when all is well",
    async (name, deployment) => {
      const askService = ask[name as string];
      expect(askService, `a running ${name}`).toBeDefined();
      for (const path of probePaths(deployment as KubernetesObject))
        expect(await askService?.(path), path).toBe("200 json");
      // A path it does not serve answers otherwise (a 404, or the gateway's web app), so the above means something.
      expect(await askService?.("/healthzz")).not.toBe("200 json");
    },
  );
});
