import { browserTimeZone } from "../../lib/time-zone.ts";

/** "Europe/Berlin" as people read it: "Europe/Berlin" → "Berlin"; none when the browser does not say. */
function zoneName(): string | undefined {
  const zone = browserTimeZone();
  return zone?.split("/").at(-1)?.replaceAll("_", " ");
}

/**
 * The landing page's "how it works" (docs/product.md#landing-page), as the three moments of a visitor's week:
 * pick, preview, Monday 09:00.
 */
export function HowItWorks() {
  const zone = zoneName();
  return (
    <section className="container landing-section" aria-labelledby="how-title">
      <h2 id="how-title" className="landing-title">
        How it works
      </h2>
      <ol className="timeline">
        <li>
          <span className="timeline-when">Now</span>
          <strong>Pick a channel.</strong> Search by name, or paste its @handle or its address.
        </li>
        <li>
          <span className="timeline-when">A minute later</span>
          <strong>Preview your newsletter.</strong> See this week's digest of that channel before you choose a
          plan.
        </li>
        <li>
          <span className="timeline-when">Every Monday, 09:00</span>
          <strong>Read it in your inbox.</strong> Monday at 09:00 in your time zone
          {zone ? ` (${zone})` : ""}: the new videos of your channels, each summarised, organised by channel.
        </li>
      </ol>
    </section>
  );
}
