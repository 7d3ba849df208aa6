import { hourLabel } from "@tubedigest/contracts/delivery-time";
import { useDeliverySchedule } from "../../lib/delivery-phrase.ts";
import { browserTimeZone } from "../../lib/time-zone.ts";

/** "Europe/Berlin" as people read it: "Europe/Berlin" → "Berlin"; none when the zone is not known. */
function zoneName(zone: string | undefined): string | undefined {
  return zone?.split("/").at(-1)?.replaceAll("_", " ");
}

/**
 * The landing page's "how it works" (docs/product.md#landing-page), as the moments of a visitor's week: pick,
 * preview, the digest on the day and hour they choose (Monday 09:00 until they do; a signed-in reader's own
 * once chosen), and the newsletters kept to search, follow in a feed and share.
 */
export function HowItWorks() {
  const schedule = useDeliverySchedule();
  const zone = zoneName(schedule.timeZone ?? browserTimeZone());
  const inZone = `in your time zone${zone ? ` (${zone})` : ""}`;
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
          <span className="timeline-when">
            {schedule.chosen
              ? `Every ${schedule.weekday}, ${hourLabel(schedule.time.hour)}`
              : "Weekly, on your day and hour"}
          </span>
          <strong>Read it in your inbox.</strong>{" "}
          {schedule.chosen
            ? `${schedule.label} ${inZone}, the day and hour you chose`
            : `Monday at 09:00 ${inZone}, or the day and hour you choose in your settings`}
          : the new videos of your channels, each summarised, organised by channel.
        </li>
        <li>
          <span className="timeline-when">Any time</span>
          <strong>Find it again.</strong> Search your newsletters in your dashboard, read them in a feed
          reader through your private feed, or share a summary with a link.
        </li>
      </ol>
    </section>
  );
}
