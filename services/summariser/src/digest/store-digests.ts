import { randomUUID } from "node:crypto";
import { createEvent } from "@tubedigest/contracts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import {
  type DigestOutcome,
  DigestRepository,
  type DigestRow,
  digestId,
  keyOf,
} from "../store/digest-repository.ts";
import { type NewNewsletter, NewsletterRepository } from "../store/newsletter-repository.ts";
import type { Composition } from "./compose-newsletters.ts";
import { periodLabel, periodOfKey } from "./digest-week.ts";
import { newsletterLinkToken } from "./newsletter-link.ts";

/** What storing a batch ended: per digest we still held, how it ended. */
export interface StoredDigests {
  composed: number;
  skipped: string[];
  /** Outages put back in the queue (or failed, on the last try), with what went wrong. */
  outages: { key: string; error: unknown }[];
  failed: number;
}

/**
 * Ends a batch of digests this worker holds, in one transaction: each row's outcome (composed, skipped,
 * back in the queue after an outage, or failed on the last try) in one statement, the newsletters in one,
 * and their newsletter.composed events in one. A row whose lease was taken over meanwhile is left to its
 * new holder and gets no newsletter here; the newsletters' unique (user, week) key stands behind the lease.
 */
export async function storeDigests(
  context: SummariserContext,
  rows: readonly DigestRow[],
  compositions: ReadonlyMap<string, Composition>,
  lastTry: boolean,
): Promise<StoredDigests> {
  const now = context.now();
  const outcomes: DigestOutcome[] = [];
  const newsletters = new Map<string, NewNewsletter & { row: DigestRow }>();
  const outages: StoredDigests["outages"] = [];
  for (const row of rows) {
    const key = digestId(keyOf(row));
    const composition = compositions.get(key) ?? { kind: "outage", error: new Error("not composed") };
    if (composition.kind === "skipped") {
      outcomes.push({
        ...keyOf(row),
        status: "skipped",
        reason: composition.reason,
        coveredUntil: composition.coveredUntil,
      });
    } else if (composition.kind === "outage") {
      const reason =
        composition.error instanceof Error ? composition.error.message : String(composition.error);
      outcomes.push({ ...keyOf(row), status: lastTry ? "failed" : "queued", reason: reason.slice(0, 500) });
      outages.push({ key, error: composition.error });
    } else {
      const id = randomUUID();
      const { subject, content, channels, glance, focus } = composition.newsletter;
      outcomes.push({
        ...keyOf(row),
        status: "composed",
        newsletterId: id,
        coveredUntil: composition.coveredUntil,
        reason: composition.leftOut > 0 ? `${composition.leftOut} video(s) left out: no summary` : null,
      });
      newsletters.set(key, {
        row,
        id,
        userId: row.user_id,
        weekKey: row.week_key,
        subject,
        content,
        channels,
        glance,
        focus,
        coveredUntil: composition.coveredUntil,
        createdAt: now,
      });
    }
  }
  const settled = await context.db.transaction().execute(async (trx) => {
    const held = new Set(
      (await new DigestRepository(trx).settleEach(context.leases.owner, outcomes, now)).map(digestId),
    );
    const toStore = [...newsletters].filter(([key]) => held.has(key)).map(([, newsletter]) => newsletter);
    const stored = await new NewsletterRepository(trx).insertEach(toStore);
    // A composed row without its newsletter would point at nothing: all of the batch or none of it.
    if (stored.size !== toStore.length) throw new Error("a digest we held has a newsletter already");
    await context.recordEvent(
      trx,
      ...toStore.map((newsletter) =>
        createEvent(
          "newsletter.composed",
          {
            newsletterId: newsletter.id,
            userId: newsletter.userId,
            weekLabel: periodLabel(newsletter.row.week_key, newsletter.row.week_start),
            period: periodOfKey(newsletter.row.week_key),
            subject: newsletter.subject,
            readToken: newsletterLinkToken(context.newsletterLinkKey, {
              id: newsletter.id,
              userId: newsletter.userId,
            }),
            channels: newsletter.channels,
            glance: newsletter.glance,
            ...(newsletter.focus === null ? {} : { focus: newsletter.focus }),
          },
          { correlationId: `digest:${newsletter.userId}:${newsletter.weekKey}` },
        ),
      ),
    );
    return held;
  });
  const ended = outcomes.filter((outcome) => settled.has(digestId(outcome)));
  return {
    composed: ended.filter((outcome) => outcome.status === "composed").length,
    skipped: ended.flatMap((outcome) => (outcome.status === "skipped" ? [outcome.reason ?? ""] : [])),
    outages: outages.filter((outage) => settled.has(outage.key)),
    failed: ended.filter((outcome) => outcome.status === "failed").length,
  };
}
