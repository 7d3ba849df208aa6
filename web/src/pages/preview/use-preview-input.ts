import { useState } from "react";
import { useSearch } from "wouter";
import type { ChannelSearchResult } from "../../lib/channels.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { readSelectedChannels, readUserEmail, writeUserEmail } from "../../lib/session-state.ts";

/** YouTube's public channel id, the only thing an e-mail's link back to the preview carries. */
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * The channel named by an e-mail's link back (`/preview?channel=<id>`), as the preview request takes it.
 * Its title is the server's to give (catalog's); the id stands in for it in the request, which names it
 * only in a refusal.
 */
export function channelFromLink(search: string): ChannelSearchResult | null {
  const id = new URLSearchParams(search).get("channel");
  if (!id || !CHANNEL_ID.test(id)) return null;
  return {
    id,
    snippet: { title: id, thumbnails: { default: { url: "" } } },
    statistics: { subscriberCount: "0" },
  };
}

export interface PreviewInput {
  /** The address the preview is for; undefined while the signed-in user is still being asked for. */
  email: string | null | undefined;
  channels: ChannelSearchResult[];
  /** An address the visitor typed because none was known (kept for the rest of the funnel). */
  giveEmail(email: string): void;
}

/**
 * What the preview is of: the channel an e-mail's link names, else the landing page's choice in session
 * storage; for the e-mail kept by the funnel (session, or local storage: docs/product.md#funnel-memory), else
 * the signed-in user's. A link opened in a new tab has no session storage: the page then rebuilds its request
 * from the link and whoever is signed in, or asks for the address.
 */
export function usePreviewInput(): PreviewInput {
  const search = useSearch();
  // Read once per visit: the landing page wrote them before coming here.
  const [kept] = useState(() => {
    const linked = channelFromLink(search);
    return { email: readUserEmail(), channels: linked ? [linked] : readSelectedChannels() };
  });
  const [typed, setTyped] = useState<string | null>(null);
  const { user } = useCurrentUser();
  const known = typed ?? kept.email;
  return {
    email: known ?? (user === undefined ? undefined : (user?.email ?? null)),
    channels: kept.channels,
    giveEmail(email) {
      writeUserEmail(email);
      setTyped(email);
    },
  };
}
