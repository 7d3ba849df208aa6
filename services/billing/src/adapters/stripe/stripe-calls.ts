/** What is told of each call billing makes to Stripe's API: every try, as the SDK retries on its own. */
export interface StripeCallObserver {
  /** A try went out. */
  started(call: { method: string; resource: string }): void;
  /**
   * The answer the SDK kept, after `seconds`: a success, or a refusal it does not retry (a declined card's
   * 402). A try it retried (a 5xx, a 429) or that got no answer at all is started but not answered.
   */
  answered(call: { method: string; resource: string; status: number; seconds: number }): void;
}

/**
 * The API path with its object ids replaced, so that a metric has one series per kind of call
 * ("/v1/subscriptions/:id"), not one per subscription.
 */
export function stripeResource(path: string): string {
  const withoutQuery = path.split("?")[0] ?? "";
  return (
    withoutQuery
      .split("/")
      // An object id is a prefix, an underscore and random letters with at least one digit or capital
      // ("sub_1QaZ…"); a resource's name is lower case throughout ("payment_intents").
      .map((segment) => (/^[a-z]+_(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]+$/.test(segment) ? ":id" : segment))
      .join("/")
  );
}
