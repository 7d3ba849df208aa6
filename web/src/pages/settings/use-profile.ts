import { useApi } from "../../lib/use-api.ts";

/** GET /api/user/profile: the account, the zone its weekly digest is timed in and the language of its summaries. */
export interface Profile {
  email: string;
  fullName: string | null;
  timeZone: string;
  /** The language summaries are written in for this reader; null for each video's own. */
  summaryLanguage: string | null;
}

export const PROFILE_PATH = "/api/user/profile";

export function useProfile() {
  return useApi<Profile>(PROFILE_PATH);
}
