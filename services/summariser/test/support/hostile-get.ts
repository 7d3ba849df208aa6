import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { expect } from "vitest";

/**
 * A GET of `target` (raw, so malformed paths and queries reach the service as sent) that must be answered
 * below 500, with a `{ message }` when refused; the answer, for the test's own checks.
 */
export async function getAnsweredWithoutServerError(
  port: number,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const reply = await rawHttpRequest(port, { method: "GET", target, headers });
  expect(reply.status, target).toBeLessThan(500);
  if (reply.status >= 400) expect(typeof JSON.parse(reply.body).message, target).toBe("string");
  return reply;
}
