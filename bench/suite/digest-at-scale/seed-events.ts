import type { EventBus } from "@tubedigest/bus";
import type { EventData, EventName } from "@tubedigest/contracts";
import type { BenchUser, Scenario } from "./scenario.ts";

/** One event as its owner would have published it, with the time it happened. */
interface PastEvent<Name extends EventName = EventName> {
  name: Name;
  data: EventData<Name>;
  occurredAt: Date;
}

const DAY_MS = 24 * 3_600_000;
const at = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
const event = <Name extends EventName>(name: Name, data: EventData<Name>, occurredAt: Date): PastEvent =>
  ({ name, data, occurredAt }) as PastEvent;

const ACCESS = { plan: "creator" as const, channelAllowance: 5 };
const ENDED = { plan: null, channelAllowance: 1 };

/** What billing said about a user, by kind: a trial still running at the slot, a plan, or their end. */
function billingHistory(user: BenchUser): PastEvent[] {
  const { userId, registeredAt: signedUp } = user;
  const trial = event("trial.started", { userId, trialEndsAt: at(signedUp, 7).toISOString() }, signedUp);
  const activated = event(
    "subscription.activated",
    { userId, ...ACCESS, currentPeriodEnd: at(signedUp, 60).toISOString(), testMode: true },
    at(signedUp, 1),
  );
  switch (user.kind) {
    case "trial":
    case "joined-this-week":
      return [trial];
    case "paid":
    case "unsubscribed":
      return [activated];
    case "trial-ended":
      return [
        trial,
        event("trial.ended", { userId, ...ENDED, endedAt: at(signedUp, 7).toISOString() }, at(signedUp, 7)),
      ];
    case "expired":
      return [
        activated,
        event(
          "subscription.expired",
          { userId, ...ENDED, previousPlan: "creator", reason: "cancelled" },
          at(signedUp, 55),
        ),
      ];
  }
}

/**
 * Billing's events for every user: what the summariser's read model of recipients (and catalog's plan
 * allowances) are built from. Published before the mailer starts, as history: the mailer sent their
 * welcomes and receipts in weeks gone by, and none of that is on the digest's path.
 */
export function billingHistoryOf(scenario: Scenario): PastEvent[] {
  return scenario.users.flatMap(billingHistory);
}

/** auth's user.registered for every user, with their time zone: the mailer learns where to write from it. */
export function signUps(scenario: Scenario): PastEvent[] {
  return scenario.users.map((user) =>
    event(
      "user.registered",
      {
        userId: user.userId,
        email: user.email,
        fullName: `Reader ${user.index}`,
        passwordless: false,
        selectedChannels: [],
        timeZone: user.timeZone,
      },
      user.registeredAt,
    ),
  );
}

/** Publishes the events, `inFlight` at a time (each waits for its publisher confirm). */
export async function publishAll(bus: EventBus, events: readonly PastEvent[], inFlight = 256): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let item = events[next++]; item; item = events[next++]) {
      await bus.publish(item.name, item.data, {
        correlationId: "bench:digest-at-scale",
        occurredAt: item.occurredAt,
      });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}
