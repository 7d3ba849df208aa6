import type { ConfirmChannel, Options } from "amqplib";

/**
 * Publishes on a confirm channel and resolves when the broker confirms. Rejects on a nack, when the
 * channel closes first, or after `timeoutMs`: a publish never hangs on a broker that went away.
 */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No publisher confirm within ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      channel.publish(exchange, routingKey, content, options, (error: unknown) => {
        clearTimeout(timer);
        if (error)
          reject(error instanceof Error ? error : new Error(`Broker refused the message: ${String(error)}`));
        else resolve();
      });
    } catch (error) {
      // amqplib throws synchronously on a channel it already knows to be closed.
      clearTimeout(timer);
      reject(error);
    }
  });
}
