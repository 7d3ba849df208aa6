import type { ChannelSearchResult } from "./channels.ts";
import { clearSelectedPlan, writeSelectedChannels, writeUserEmail } from "./session-state.ts";
import { signUpByEmail } from "./sign-up-by-email.ts";

/**
 * The landing page's 'Preview Your Newsletter': the account for the address, following the channel, and
 * the funnel's memory /preview reads. Throws when the account could not be made.
 */
export async function startPreview(channels: readonly ChannelSearchResult[], email: string): Promise<void> {
  await signUpByEmail(email, channels);
  writeSelectedChannels(channels);
  writeUserEmail(email);
  // A plan chosen in an earlier visit belongs to that visit's preview, not this one.
  clearSelectedPlan();
}
