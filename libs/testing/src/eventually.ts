/**
 * The first defined value `read` gives, polled until `timeoutMs`: for what arrives through the outbox
 * relay and the broker, a moment after the request that caused it.
 */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
