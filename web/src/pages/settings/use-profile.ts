import type { ProfileReply } from "@tubedigest/contracts/reader-settings";
import { useApi } from "../../lib/use-api.ts";

/** GET /api/user/profile: the account, the zone its weekly digest is timed in and the language of its summaries. */
export type Profile = ProfileReply;

export const PROFILE_PATH = "/api/user/profile";

export function useProfile() {
  return useApi<Profile>(PROFILE_PATH);
}
