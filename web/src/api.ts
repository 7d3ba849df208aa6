import useSWR from "swr";

/** What GET /api/auth/current-user answers for a signed-in user (SPEC §7). */
export interface CurrentUser {
  email: string;
  fullName: string | null;
  subscriptionStatus: string | null;
  subscriptionPlan: string | null;
  channelCount: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Fetches JSON from the API with the session cookie; a non-2xx answer becomes an ApiError. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "include", headers: { accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === "string" ? body.message : `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  return (await response.json()) as T;
}

async function fetchCurrentUser(url: string): Promise<CurrentUser | null> {
  try {
    return await getJson<CurrentUser>(url);
  } catch (error) {
    // 401 is the ordinary answer for a visitor, not a failure.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user: undefined while loading, null when nobody is signed in. */
export function useCurrentUser() {
  const { data, error, isLoading } = useSWR("/api/auth/current-user", fetchCurrentUser, {
    shouldRetryOnError: false,
  });
  return { user: data, error: error as Error | undefined, isLoading };
}
