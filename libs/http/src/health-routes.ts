import type { FastifyInstance } from "fastify";
import Type from "typebox";

export type ReadinessCheck = () => Promise<boolean>;

export interface ReadinessChecks {
  /** Parts the service cannot answer without (its database): any failing makes `/readyz` a 503. */
  essential: Record<string, ReadinessCheck>;
  /**
   * Parts it can do without for a while (the broker, behind the outbox): reported as "degraded" with a
   * 200, so an outage of one shared part does not take every replica out of rotation.
   */
  degradable: Record<string, ReadinessCheck>;
  /** Facts about the running process shown beside the checks (a tool's version), never a reason to be unready. */
  details?: () => Record<string, string>;
}

const CHECK_TIMEOUT_MS = 2_000;

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("degraded"), Type.Literal("unavailable")]),
  checks: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  details: Type.Optional(Type.Record(Type.String(), Type.String())),
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

async function run(checks: Record<string, ReadinessCheck>): Promise<Record<string, boolean>> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => passes(checks[name] as ReadinessCheck)));
  return Object.fromEntries(names.map((name, i) => [name, results[i] as boolean]));
}

/** `/healthz`: the process answers. `/readyz`: the parts it needs answer too. */
export function registerHealthRoutes(app: FastifyInstance, checks: ReadinessChecks): void {
  const quiet = { logLevel: "warn" as const };
  app.get("/healthz", { ...quiet, schema: { response: { 200: HealthReply } } }, async () => ({
    status: "ok" as const,
  }));
  app.get(
    "/readyz",
    { ...quiet, schema: { response: { 200: HealthReply, 503: HealthReply } } },
    async (_request, reply) => {
      const [essential, degradable] = await Promise.all([run(checks.essential), run(checks.degradable)]);
      const status = !Object.values(essential).every(Boolean)
        ? "unavailable"
        : Object.values(degradable).every(Boolean)
          ? "ok"
          : "degraded";
      return reply.status(status === "unavailable" ? 503 : 200).send({
        status,
        checks: { ...essential, ...degradable },
        ...(checks.details ? { details: checks.details() } : {}),
      });
    },
  );
}
