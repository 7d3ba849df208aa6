import type { JobHandlers, JobMap } from "./job-queue.ts";

/**
 * The run-time half of the job map's check: the type already asks for a handler per job, but a handler
 * object built from a spread or a cast can still miss one, and a job without a handler would sit in the
 * queue until it failed. Failing start-up says so at once.
 */
export function checkHandlers<Jobs extends JobMap>(
  queueName: string,
  jobNames: readonly (keyof Jobs & string)[],
  handlers: JobHandlers<Jobs>,
): void {
  const handled = Object.keys(handlers);
  const missing = jobNames.filter((name) => typeof handlers[name] !== "function");
  const unknown = handled.filter((name) => !jobNames.includes(name));
  if (missing.length > 0 || unknown.length > 0) {
    const problems = [
      missing.length > 0 ? `no handler for ${missing.join(", ")}` : undefined,
      unknown.length > 0 ? `handlers for jobs it does not run: ${unknown.join(", ")}` : undefined,
    ].filter((problem) => problem !== undefined);
    throw new Error(`job queue "${queueName}": ${problems.join("; ")}`);
  }
}
