import { Card } from "../../components/card.tsx";
import type { Plan } from "../../lib/plans.ts";

/** The summary names at most 3 channels (docs/product.md#limits-and-timings). */
const CHANNELS_SHOWN = 3;

/**
 * The order summary (docs/product.md#checkout): the plan, its monthly price and the first channels chosen.
 */
export function OrderSummary({ plan, channelTitles }: { plan: Plan; channelTitles: readonly string[] }) {
  const more = channelTitles.length - CHANNELS_SHOWN;
  return (
    <Card className="checkout-summary">
      <h2>Order summary</h2>
      <dl>
        <div>
          <dt>Plan</dt>
          <dd>{plan.name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            {plan.priceLabel}
            <span>/month</span>
          </dd>
        </div>
      </dl>
      <p className="checkout-summary-description">{plan.description}</p>
      {channelTitles.length > 0 ? (
        <>
          <h3>Your channels</h3>
          <ul className="checkout-summary-channels">
            {channelTitles.slice(0, CHANNELS_SHOWN).map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
          {more > 0 ? <p className="checkout-summary-more">and {more} more channels</p> : null}
        </>
      ) : null}
    </Card>
  );
}
