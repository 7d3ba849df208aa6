import type { EventHandler } from "@tubedigest/bus";
import type { EventData, EventName } from "@tubedigest/contracts";
import { queueFirstDigest } from "../digest/queue-first-digest.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";

/**
 * How recent the event must be: the first digest answers a start happening now, not one replayed from
 * long ago (a backlog after an outage, a read model rebuilt).
 */
const STARTED_LATELY_MS = 60 * 60 * 1000;

/** Events about one reader: the ones a handler can follow with that reader's first digest. */
type ReaderEvent = {
  [Name in EventName]: EventData<Name> extends { userId: string } ? Name : never;
}[EventName];

/**
 * For the events after which a reader's first digest may be due (their plan, a channel followed): records the event as `record` does, then, once that has committed, sees whether the reader's first
 * digest can go now (queueFirstDigest): whichever of the three comes last completes the conditions.
 */
export function thenFirstDigest<Name extends ReaderEvent>(
  context: SummariserContext,
  record: EventHandler<Name>,
): EventHandler<Name> {
  return async (event, handlerContext) => {
    await record(event, handlerContext);
    if (context.now().getTime() - Date.parse(event.occurredAt) > STARTED_LATELY_MS) return;
    if (await queueFirstDigest(context, event.data.userId)) {
      handlerContext.log.info({ userId: event.data.userId, after: event.name }, "first digest queued");
    }
  };
}
