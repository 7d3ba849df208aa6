import type { DigestPeriod } from "@tubedigest/contracts/delivery-time";
import {
  type Digest,
  type DigestChannel,
  type DigestInline,
  type DigestVideo,
  digestCounts,
  type KeyPoint,
  summarySourceLabel,
} from "@tubedigest/contracts/digest";
import { type ReactNode, useId } from "react";
import "./digest-view.css";
import { WeekGlance } from "./week-glance.tsx";

type Level = 2 | 3 | 4;

// The e-mail writes dates as the day in UTC, so the page and the e-mail never disagree.
const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function Heading({
  level,
  id,
  className,
  children,
}: {
  level: number;
  id?: string;
  className: string;
  children: ReactNode;
}) {
  const Tag = `h${Math.min(level, 6)}` as "h2";
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** Links in a digest lead to videos on another site: a new tab, and no referrer or opener handed over. */
function External({
  href,
  className,
  label,
  children,
}: {
  href: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} aria-label={label} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Runs({ runs }: { runs: readonly DigestInline[] }) {
  return runs.map((run, index) => {
    const key = `${index}-${run.kind}`;
    if (run.kind === "strong") return <strong key={key}>{run.text}</strong>;
    if (run.kind === "emphasis") return <em key={key}>{run.text}</em>;
    if (run.kind === "link") {
      return (
        <External key={key} href={run.url}>
          {run.text}
        </External>
      );
    }
    return run.text;
  });
}

function Paragraphs({ paragraphs }: { paragraphs: DigestVideo["paragraphs"] }) {
  return paragraphs.map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a summary's paragraphs never move
    <p key={index} className={paragraph.note ? "digest-note" : "digest-paragraph"}>
      <Runs runs={paragraph.text} />
    </p>
  ));
}

function Points({ points }: { points: readonly KeyPoint[] }) {
  if (points.length === 0) return null;
  return (
    <ul className="digest-points">
      {points.map((point, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a summary's points never move
        <li key={index}>
          <Runs runs={point.text} />
          {point.moment ? (
            <>
              {" "}
              (
              <External href={point.moment.url} label={`Watch from ${point.moment.label}`}>
                {point.moment.label}
              </External>
              )
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A long video's chapters, each a small heading with the moment it starts, and its points. */
function Sections({ sections, level }: { sections: NonNullable<DigestVideo["sections"]>; level: number }) {
  return sections.map((section, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a video's chapters never move
    <div key={index} className="digest-section">
      <Heading level={level} className="digest-section-heading">
        {section.title}
        {section.moment ? (
          <>
            {" "}
            (
            <External href={section.moment.url} label={`Watch ${section.title} from ${section.moment.label}`}>
              {section.moment.label}
            </External>
            )
          </>
        ) : null}
      </Heading>
      <Points points={section.keyPoints} />
    </div>
  ));
}

/**
 * One video as a digest shows it: thumbnail, title linking to it, date, key points with their moments and
 * the paragraph. `action` goes under it (the archive page's share button).
 */
export function DigestVideoCard({
  video,
  level,
  action,
}: {
  video: DigestVideo;
  level: number;
  action?: ReactNode;
}) {
  const title = video.url ? <External href={video.url}>{video.title}</External> : video.title;
  return (
    <article className="digest-video">
      <div className="digest-video-head">
        {video.thumbnail ? (
          // The title beside it is the link to the video; the picture only shows which one it is. One
          // that cannot load leaves the frame's quiet grey rather than a broken-image sign.
          <span className="digest-thumbnail">
            <img
              src={video.thumbnail.url}
              width={video.thumbnail.width}
              height={video.thumbnail.height}
              alt=""
              loading="lazy"
              decoding="async"
              onError={(event) => {
                event.currentTarget.style.visibility = "hidden";
              }}
            />
          </span>
        ) : null}
        <div className="digest-video-title">
          <Heading level={level} className="digest-video-heading">
            {title}
          </Heading>
          {video.publishedAt ? (
            <p className="digest-date">
              <time dateTime={video.publishedAt}>{DAY.format(new Date(video.publishedAt))}</time>
            </p>
          ) : null}
        </div>
      </div>
      <Points points={video.keyPoints} />
      <Paragraphs paragraphs={video.paragraphs} />
      {video.sections ? <Sections sections={video.sections} level={level + 1} /> : null}
      {video.source ? <p className="digest-source">Source: {summarySourceLabel(video.source)}</p> : null}
      {action}
    </article>
  );
}

function Channel({
  channel,
  id,
  level,
  continued,
  videoAction,
}: {
  channel: DigestChannel;
  id: string;
  level: number;
  continued: boolean;
  videoAction?: (video: DigestVideo) => ReactNode;
}) {
  return (
    <section
      className="digest-card digest-channel"
      id={id}
      aria-label={continued ? channel.title : undefined}
      aria-labelledby={continued ? undefined : `${id}-title`}
    >
      {continued ? null : (
        <Heading level={level} id={`${id}-title`} className="digest-channel-heading">
          {channel.title}
        </Heading>
      )}
      <Paragraphs paragraphs={channel.notes} />
      {channel.videos.map((video, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a channel's videos never move
        <DigestVideoCard key={index} video={video} level={level + 1} action={videoAction?.(video)} />
      ))}
    </section>
  );
}

const videoCount = (count: number) => `${count} ${count === 1 ? "video" : "videos"}`;

export interface DigestViewProps {
  digest: Digest;
  /** The level of the digest's own heading; channels and videos take the two below it. */
  headingLevel: Level;
  /** The wordmark and the "Your week" card the e-mail opens with. Off for a digest's continuation. */
  header?: boolean;
  /** A daily digest says "Your day" where a weekly one says "Your week". */
  period?: DigestPeriod;
  /** The e-mail's opening line under the week: "Here's your week: 12 new videos from 5 channels." */
  counts?: boolean;
  /** The e-mail's table of contents: each channel with its count, linking to it. */
  contents?: boolean;
  /** The first channel continues one shown just above, so its heading is not repeated. */
  continued?: boolean;
  /** Something to offer under each video (the archive page's share button). */
  videoAction?: (video: DigestVideo) => ReactNode;
  /** What the reader cared about, which the digest is ordered for: "Ordered for: …" in the "Your week" card. */
  focus?: string | null;
}

/**
 * A newsletter as the weekly e-mail shows it (services/mailer's digest template): the wordmark, the
 * "Your week" card, the week at a glance, optionally the table of contents, then a card per channel,
 * each video with its thumbnail, date, key points at normal weight with the moment each is said, its
 * paragraph, a long video's chapters, and in a few words where its summary's words came from. The
 * archive page, the preview's mock inbox and the landing page's sample all render through it.
 */
export function DigestView({
  digest,
  headingLevel,
  header = true,
  counts = false,
  contents = false,
  continued = false,
  period = "week",
  videoAction,
  focus,
}: DigestViewProps) {
  const idPrefix = useId().replace(/:/g, "");
  const channelId = (index: number) => `${idPrefix}-channel-${index + 1}`;
  return (
    <div className="digest">
      {header ? (
        <>
          <p className="digest-wordmark" aria-hidden="true">
            tube<span>digest</span>
          </p>
          <div className="digest-card digest-intro">
            <Heading level={headingLevel} className="digest-title">
              Your {period}
            </Heading>
            {digest.title ? <p className="digest-week">{digest.title}</p> : null}
            {counts ? (
              <p className="digest-lead">
                Here's your {period}: {digestCounts(digest)}.
              </p>
            ) : null}
            {focus ? <p className="digest-focus">Ordered for: {focus}</p> : null}
          </div>
        </>
      ) : null}
      {header ? <WeekGlance lines={digest.glance ?? []} period={period} /> : null}
      {contents && digest.channels.length > 1 ? (
        <nav className="digest-card digest-contents" aria-label="In this newsletter">
          <p className="digest-contents-title">In this newsletter</p>
          <ol>
            {digest.channels.map((channel, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the channels' order is the digest's
              <li key={index}>
                <a href={`#${channelId(index)}`}>{channel.title}</a>{" "}
                <span className="digest-count">{videoCount(channel.videos.length)}</span>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {digest.channels.map((channel, index) => (
        <Channel
          // biome-ignore lint/suspicious/noArrayIndexKey: the channels' order is the digest's
          key={index}
          channel={channel}
          id={channelId(index)}
          level={headingLevel + 1}
          continued={continued && index === 0}
          videoAction={videoAction}
        />
      ))}
    </div>
  );
}
