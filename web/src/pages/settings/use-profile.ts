import { useApi } from "../../lib/use-api.ts";

/** GET /api/user/profile: the account and the zone its weekly digest is timed in. */
export interface Profile {
  email: string;
  fullName: string | null;
  timeZone: string;
}

export const PROFILE_PATH = "/api/user/profile";

export function useProfile() {
  return useApi<Profile>(PROFILE_PATH);
}
