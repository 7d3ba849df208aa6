/**
 * Asks the server again who is signed in, for every screen that shows it (the header first), after this
 * browser signed in. The data layer is loaded on demand, so the landing page's own code stays without it.
 */
export async function refreshCurrentUser(): Promise<void> {
  const [{ mutate }, { CURRENT_USER_PATH }] = await Promise.all([import("swr"), import("./current-user.ts")]);
  await mutate(CURRENT_USER_PATH);
}
