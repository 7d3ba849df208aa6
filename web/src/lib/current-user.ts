import type { CurrentUserReply } from "@tubedigest/contracts/current-user";
import { apiFetch, isUnauthorized } from "./api.ts";
import { useApi } from "./use-api.ts";

/** What GET /api/auth/current-user answers for a signed-in user (docs/product.md#data-shapes). */
export type CurrentUser = CurrentUserReply;

export const CURRENT_USER_PATH = "/api/auth/current-user";

/** A 401, null or an empty object all mean nobody is signed in (docs/product.md#states-and-transitions). */
async function fetchCurrentUser(path: string): Promise<CurrentUser | null> {
  try {
    const user = await apiFetch<CurrentUser | null | undefined>(path);
    return user && Object.keys(user).length > 0 ? user : null;
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** The signed-in user: undefined while loading, null when nobody is signed in. */
export function useCurrentUser() {
  const { data, isLoading, mutate } = useApi(CURRENT_USER_PATH, () => fetchCurrentUser(CURRENT_USER_PATH));
  return { user: data, isLoading, mutate };
}
