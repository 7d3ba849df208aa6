import type { FastifyInstance } from "fastify";
import Type from "typebox";

export type ReadinessCheck = () => Promise<boolean>;

const CHECK_TIMEOUT_MS = 2_000;

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]),
  checks: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `/healthz`: the process answers. `/readyz`: every part it needs (database, broker, ...) answers too. */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  const quiet = { logLevel: "warn" as const };
  app.get("/healthz", { ...quiet, schema: { response: { 200: HealthReply } } }, async () => ({
    status: "ok" as const,
  }));
  app.get(
    "/readyz",
    { ...quiet, schema: { response: { 200: HealthReply, 503: HealthReply } } },
    async (_request, reply) => {
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => passes(checks[name] as ReadinessCheck)));
      const status = results.every(Boolean) ? "ok" : "unavailable";
      return reply
        .status(status === "ok" ? 200 : 503)
        .send({ status, checks: Object.fromEntries(names.map((name, i) => [name, results[i] as boolean])) });
    },
  );
}
