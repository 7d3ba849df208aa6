export type { BusTables, ErasedAccountsTable, InboxTable, OutboxTable } from "./bus-tables.ts";
export type { DeadLetter, DeadLetterQueues } from "./dead-letters.ts";
export { erasedAccountHash, forgetAccount, isForgotten } from "./erasure/forget-account.ts";
export type { EventBus, EventHandler, EventPublisher, HandlerContext } from "./event-bus.ts";
export type { HandledDelivery, HandledListener, HandledOutcome } from "./handled-deliveries.ts";
export { InProcessBroker } from "./in-process/in-process-broker.ts";
export {
  createInProcessBus,
  type InProcessBus,
  type InProcessBusOptions,
} from "./in-process/in-process-bus.ts";
export { handleOnce, type TransactionalContext, type TransactionalHandler } from "./inbox/handle-once.ts";
export { type MeasuredBus, measureEventBus } from "./metrics/measure-event-bus.ts";
export { busMigrations } from "./migrations/index.ts";
export { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from "./outbox/outbox-relay.ts";
export { type RecordEvent, writeToOutbox } from "./outbox/write-to-outbox.ts";
export { SubscriptionError } from "./plan-queues.ts";
export { openRabbitMqDeadLetters } from "./rabbitmq/open-rabbitmq-dead-letters.ts";
export { createRabbitMqBus, type RabbitMqBusOptions } from "./rabbitmq/rabbitmq-bus.ts";
export { DEFAULT_DELIVERY_LIMIT, defaultRetryPolicy, type RetryPolicy } from "./retry-policy.ts";
export {
  openServiceStore,
  type ServiceDatabaseSettings,
  type ServiceStore,
  type ServiceStoreOptions,
  schemaMigrationStep,
} from "./service-store.ts";
export { defineSubscriptions, type QueueSubscription, type Subscriptions } from "./subscriptions.ts";
export {
  DEFAULT_EXCHANGE,
  deadLetterExchangeName,
  deadLetterQueueName,
  queueName,
  retryQueueName,
} from "./topology-names.ts";
