import { apiFetch } from "./api.ts";
import { type ChannelSearchResult, toSelectedChannel } from "./channels.ts";
import { refreshCurrentUser } from "./refresh-current-user.ts";
import { browserTimeZone } from "./time-zone.ts";

/**
 * The landing page's registration (docs/product.md#landing-page): a password-less account for the address,
 * following `channels`, with its claim in this browser; then, when nobody is signed in here, the claim signs
 * the visitor in at once, so every screen from then on knows them. An address that already had an account
 * signs nobody in (its owner uses a password or a link). Answers whether this browser is signed in
 * afterwards; throws when the account could not be made.
 */
export async function signUpByEmail(
  email: string,
  channels: readonly ChannelSearchResult[],
): Promise<{ signedIn: boolean }> {
  const signedInBefore = await apiFetch("/api/auth/current-user").then(
    () => true,
    () => false,
  );
  await apiFetch("/api/auth/register-with-email", {
    json: { email, channels: channels.map(toSelectedChannel), timeZone: browserTimeZone() },
  });
  if (signedInBefore) return { signedIn: true };
  const signedIn = await apiFetch("/api/auth/login-with-email", { json: { email } }).then(
    () => true,
    () => false,
  );
  if (signedIn) await refreshCurrentUser().catch(() => undefined);
  return { signedIn };
}
