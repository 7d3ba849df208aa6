/** The one topic exchange of the system; routing key = event name. */
export const DEFAULT_EXCHANGE = "tubedigest.events";

const NAME_PART = /^[a-z][a-z0-9_-]{0,62}$/;

export function isValidNamePart(part: string): boolean {
  return NAME_PART.test(part);
}

/** One durable queue per (service, purpose), e.g. "mailer.welcome-mail". */
export function queueName(service: string, purpose: string): string {
  return `${service}.${purpose}`;
}

/** Whether the queue is one of the service's own ("<service>.<purpose>"). */
export function isQueueOf(service: string, queue: string): boolean {
  return queue.startsWith(`${service}.`);
}

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dead-letter`;
}

/** One delay queue per distinct back-off delay, so a short wait never queues behind a long one. */
export function retryQueueName(queue: string, delayMs: number): string {
  return `${queue}.retry.${delayMs}ms`;
}

/** Direct exchange feeding every "<queue>.dead-letter" queue, keyed by the queue name. */
export function deadLetterExchangeName(exchange: string): string {
  return `${exchange}.dead-letter`;
}
