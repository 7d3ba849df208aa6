import { describe, expect, it } from "vitest";
import type { EventHandler } from "./event-bus.ts";
import { planQueues, SubscriptionError } from "./plan-queues.ts";
import { defaultRetryPolicy } from "./retry-policy.ts";
import { defineSubscriptions, type Subscriptions } from "./subscriptions.ts";

const defaults = { retry: defaultRetryPolicy, prefetch: 8 };
const noop: EventHandler = async () => {};

describe("planQueues", () => {
  it("turns each purpose into a queue named <service>.<purpose> with its handlers and policies", () => {
    const subscriptions = defineSubscriptions({
      service: "mailer",
      queues: {
        "welcome-mail": { events: ["user.registered"], handlers: { "user.registered": noop } },
        profiles: {
          events: ["user.updated", "user.registered"],
          handlers: { "user.updated": noop, "user.registered": noop },
          retry: { delaysMs: [5] },
          prefetch: 2,
        },
      },
    });
    const [welcome, profiles] = planQueues(subscriptions, defaults);
    expect(welcome).toMatchObject({ name: "mailer.welcome-mail", events: ["user.registered"], prefetch: 8 });
    expect(welcome?.retry).toBe(defaultRetryPolicy);
    expect(profiles).toMatchObject({ name: "mailer.profiles", prefetch: 2, retry: { delaysMs: [5] } });
    expect([...(profiles?.handlers.keys() ?? [])]).toEqual(["user.updated", "user.registered"]);
  });

  it("fails start-up for an event the service lists without a handler, naming every problem", () => {
    // What the types already refuse, as it arrives from untyped code or a handler left undefined.
    const subscriptions = {
      service: "billing",
      queues: {
        trials: { events: ["user.registered", "user.updated"], handlers: { "user.registered": noop } },
        follows: { events: ["channel.followed"], handlers: { "channel.followed": undefined } },
      },
    } as unknown as Subscriptions;
    expect(() => planQueues(subscriptions, defaults)).toThrow(SubscriptionError);
    expect(() => planQueues(subscriptions, defaults)).toThrow(
      /billing.trials: no handler for "user.updated"[\s\S]*billing.follows: no handler for "channel.followed"/,
    );
  });

  it("refuses handlers for unlisted events, unknown events, bad names, bad policies and empty lists", () => {
    const subscriptions = {
      service: "Bad Service",
      queues: {
        extra: { events: ["user.updated"], handlers: { "user.updated": noop, "user.registered": noop } },
        unknown: { events: ["user.vanished"], handlers: { "user.vanished": noop } },
        "Bad Purpose": { events: [], handlers: {} },
        policy: {
          events: ["user.updated"],
          handlers: { "user.updated": noop },
          retry: { delaysMs: [0] },
          prefetch: 0,
        },
      },
    } as unknown as Subscriptions;
    let problems: readonly string[] = [];
    try {
      planQueues(subscriptions, defaults);
    } catch (error) {
      problems = (error as SubscriptionError).problems;
    }
    expect(problems).toEqual([
      'service name "Bad Service" is invalid',
      'Bad Service.extra: handler for "user.registered", which the queue does not list',
      'Bad Service.unknown: "user.vanished" is not a known event',
      'Bad Service.Bad Purpose: purpose "Bad Purpose" is invalid',
      "Bad Service.Bad Purpose: no event is listed",
      "Bad Service.policy: retry delays must be positive whole milliseconds",
      "Bad Service.policy: prefetch must be a positive integer",
    ]);
  });

  it("says every problem in one start-up error, one line each", () => {
    const subscriptions = {
      service: "svc",
      queues: {
        // One bad delay among good ones is enough; a prefetch of 1 is fine.
        mixed: {
          events: ["user.updated"],
          handlers: { "user.updated": noop },
          retry: { delaysMs: [100, -5] },
          prefetch: 1,
        },
        empty: { events: [], handlers: {} },
      },
    } as unknown as Subscriptions;
    const error = (() => {
      try {
        planQueues(subscriptions, defaults);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.name).toBe("SubscriptionError");
    expect(error?.message).toBe(
      "Invalid subscriptions:\n  - svc.mixed: retry delays must be positive whole milliseconds\n  - svc.empty: no event is listed",
    );
  });

  it("refuses a service that declares no queue", () => {
    expect(() => planQueues({ service: "idle", queues: {} }, defaults)).toThrow(/no queue is declared/);
  });
});
