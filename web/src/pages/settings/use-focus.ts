import type { ReaderFocusReply } from "@tubedigest/contracts/reader-focus";
import { useApi } from "../../lib/use-api.ts";

/** GET/PUT /api/user/focus: what the reader cares about, which orders their digest. */
export const FOCUS_PATH = "/api/user/focus";

export function useFocus() {
  return useApi<ReaderFocusReply>(FOCUS_PATH);
}
