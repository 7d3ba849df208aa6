import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { createDatabase, type Database } from "@tubedigest/db";
import type { LlmSettings } from "@tubedigest/summariser";
import { type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import { type FakeSmtpServer, startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { startTcpProxy, type TcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra } from "@tubedigest/testing/test-infra";
import { startTestStack, type TestStack } from "../test-stack.ts";
import { nextMondayNine } from "./monday-slot.ts";

/** The real parts the services reach through a proxy the test controls, to cut, refuse and let through again. */
export interface InfraProxies {
  postgres: TcpProxy;
  redis: TcpProxy;
  rabbitMq: TcpProxy;
}

/**
 * The weekly digest's test rig: the whole stack on the real parts, with the fake model, an SMTP server
 * as the sink, and Postgres, Redis and RabbitMQ behind TCP
 * proxies (the services' pools, BullMQ and bus connect through them; the test's own reads go straight).
 */
export interface DigestRig {
  stack: TestStack;
  llm: FakeOpenAiApi;
  smtp: FakeSmtpServer;
  /** The summariser's schema, read straight. */
  summaries: Database<Record<string, never>>;
  proxies: InfraProxies;
  /** The Monday 09:00 UTC slot the readers (all on UTC) are due at, unless they chose another time. */
  slot: Date;
  /**
   * The scheduler's digest.due for the week's delivery slots, `times` over (a slot fired twice is one
   * event): Monday 09:00, then the Tuesday 07:00 some readers chose.
   */
  announceMonday(times?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The model's calls that wrote a video's summary: one per new video, however the week went. (Each digest's
 * week at a glance is a call of its own, made again by whoever composes it after a crash.)
 */
export const summaryCalls = (llm: FakeOpenAiApi) =>
  llm.requests.filter((request) => request.response_format?.json_schema?.name === "video_summary").length;

/** The ports the URLs' schemes imply when they name none. */
const DEFAULT_PORTS: Record<string, number> = {
  "postgres:": 5432,
  "postgresql:": 5432,
  "redis:": 6379,
  "amqp:": 5672,
};

const proxyTo = (url: string) => {
  const { protocol, hostname, port } = new URL(url);
  return startTcpProxy({ host: hostname, port: port ? Number(port) : (DEFAULT_PORTS[protocol] ?? 0) });
};

/**
 * A run the fault scenarios can break in the middle: enough readers for a few seconds (the 80-reader
 * test's shares of each group), catalog answering the summariser late enough that a run lasts about three
 * seconds, and holds that lapse within the test.
 */
export const FAULT_RUN = { readers: 40, holdMs: 1_500, catalogDelayMs: 250, batchSize: 4 } as const;

/** The rig for a fault scenario: every run it makes lasts long enough to break in the middle. */
export const startFaultRig = (): Promise<DigestRig> =>
  startDigestRig({
    holdMs: FAULT_RUN.holdMs,
    catalogDelayMs: FAULT_RUN.catalogDelayMs,
    batchSize: FAULT_RUN.batchSize,
  });

/** The summariser's model settings for the fake OpenAI API, as the stack's tests run it. */
export const llmSettingsOf = (llm: FakeOpenAiApi, concurrency = 4): LlmSettings => ({
  apiKey: llm.apiKey,
  baseUrl: llm.baseUrl,
  model: "gpt-4o-mini",
  contextTokens: 8_192,
  tokenBudgetPerVideo: 50_000,
  concurrency,
});

export async function startDigestRig(options: {
  /** How long a worker's hold on a compose job and its lease on a digest last unrenewed. */
  holdMs: number;
  /**
   * How late catalog answers the summariser once the run starts (`announceMonday`), so that it lasts long
   * enough to break in the middle.
   */
  catalogDelayMs?: number;
  /** Readers one compose job takes: a fault run's small batches leave composed and waiting readers at once. */
  batchSize?: number;
}): Promise<DigestRig> {
  const llm = await startFakeOpenAiApi({ latencyMs: 50 });
  const smtp = await startFakeSmtpServer();
  const proxies: InfraProxies = {
    postgres: await proxyTo(testInfra.postgresUrl),
    redis: await proxyTo(testInfra.redisUrl),
    rabbitMq: await proxyTo(testInfra.amqpUrl),
  };
  const stopParts = async () => {
    for (const proxy of Object.values(proxies)) await proxy.close();
    await llm.close();
    await smtp.close();
  };
  // Catalog turns slow when the run starts: before, while readers sign up and the week's uploads are
  // summarised, nothing needs it slow.
  let running = false;
  const catalogDelayMs = options.catalogDelayMs;
  let stack: TestStack | undefined;
  let summaries: Database<Record<string, never>> | undefined;
  try {
    stack = await startTestStack("real", {
      smtpUrl: smtp.url,
      databaseUrl: proxies.postgres.urlThrough(testInfra.postgresUrl),
      redisUrl: proxies.redis.urlThrough(testInfra.redisUrl),
      amqpUrl: proxies.rabbitMq.urlThrough(testInfra.amqpUrl),
      digest: {
        llm: llmSettingsOf(llm),
        jobLockMs: options.holdMs,
        leaseMs: options.holdMs,
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
        catalogDelayMs: catalogDelayMs === undefined ? undefined : () => (running ? catalogDelayMs : 0),
      },
    });
    const schema = stack.databases.summariser;
    if (!schema) throw new Error("a real stack has a summariser schema");
    summaries = createDatabase<Record<string, never>>({ ...schema, poolSize: 2 });
  } catch (error) {
    await stack?.stop();
    await summaries?.close();
    await stopParts();
    throw error;
  }
  const slot = nextMondayNine(new Date());
  const started = { stack, summaries };
  return {
    ...started,
    llm,
    smtp,
    proxies,
    slot,
    async announceMonday(times = 1) {
      running = true;
      const tuesday = new Date(slot.getTime() + 22 * 3_600_000);
      for (const due of [slot, tuesday]) {
        for (let delivery = 0; delivery < times; delivery++) {
          await started.stack.events.publish(
            "digest.due",
            { slot: due.toISOString() },
            { correlationId: `delivery-${delivery}`, id: scheduleEventId("digest.due", due) },
          );
        }
      }
    },
    async stop() {
      // Whatever a test left cut or refused, the services close over working lines.
      for (const proxy of Object.values(proxies)) proxy.acceptConnections();
      await started.stack.stop();
      await started.summaries.close();
      await stopParts();
    },
  };
}
