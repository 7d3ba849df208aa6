import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const PreviewShownData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /** The first chosen channel's title as catalog knows it; null when catalog had no title for it. */
  channelTitle: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  /**
   * The first chosen channel's YouTube id, a public id the e-mail's link back to the preview carries
   * (`/preview?channel=`) so the page can show it again in a new tab; absent from events sent before it.
   */
  channelId: Type.Optional(Type.String({ pattern: "^UC[A-Za-z0-9_-]{22}$" })),
  /**
   * Up to 3 points of the one summary the preview showed readable (docs/product.md#limits-and-timings: its
   * key points, else its sentences over 30 characters); empty when that summary was not ready.
   */
  bullets: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 3 }),
  /** When the preview was answered: a later one replaces an earlier one, whatever order they arrive in. */
  shownAt: Type.String({ format: "date-time" }),
});
export type PreviewShownData = Static<typeof PreviewShownData>;

/**
 * Emitted by the summariser when it answers a newsletter preview for a known account (a signed-in user,
 * or the landing page's visitor holding the claim on the account their browser made). The mailer keeps
 * the latest per account and writes the abandonment e-mail from it, never from what a browser sends.
 */
export const previewShown = defineEvent({
  name: "preview.shown",
  version: 1,
  schema: PreviewShownData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    channelTitle: "Pocket Orbit",
    channelId: "UCsXVk37bltHxD1rDPwtNM8Q",
    bullets: ["A rocket carries its own oxidiser", "Specific impulse compares engines"],
    shownAt: "2026-11-25T14:30:00.000Z",
  },
});
