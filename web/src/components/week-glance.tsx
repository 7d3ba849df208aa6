import type { DigestPeriod } from "@tubedigest/contracts/delivery-time";
import type { WeekGlanceLine } from "@tubedigest/contracts/digest";

/**
 * "Your week at a glance", as the e-mail opens with it: each line, and under it the videos of the digest it
 * rests on, linked to YouTube. Nothing when the digest has no lines.
 */
export function WeekGlance({
  lines,
  period = "week",
}: {
  lines: readonly WeekGlanceLine[];
  /** A daily digest's is "Your day at a glance". */
  period?: DigestPeriod;
}) {
  if (lines.length === 0) return null;
  const title = `Your ${period} at a glance`;
  return (
    <section className="digest-card digest-glance" aria-label={title}>
      <p className="digest-glance-title">{title}</p>
      <ul>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines' order is the digest's
          <li key={index}>
            {line.text.map((run) => run.text).join("")}
            <span className="digest-glance-sources">
              {line.sources.map((source, at) => (
                <span key={source.url}>
                  {at > 0 ? " · " : null}
                  <a href={source.url} target="_blank" rel="noopener noreferrer">
                    {source.title}
                  </a>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
