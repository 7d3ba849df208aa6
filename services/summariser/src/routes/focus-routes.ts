import { MAX_FOCUS_CHARS } from "@tubedigest/contracts/focus-rule";
import { ReaderFocusReply } from "@tubedigest/contracts/reader-focus";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { changeFocus, focusMessages } from "../digest/change-focus.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { errors } from "./schemas.ts";

export const FOCUS_PATH = "/api/user/focus";

// The bound is looser than the rule: blanks are folded before the length counts (changeFocus).
const FocusBody = Type.Object(
  {
    focus: Type.String({
      maxLength: 4 * MAX_FOCUS_CHARS,
      errorMessage: { type: focusMessages.notText, maxLength: focusMessages.tooLong },
    }),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { focus: focusMessages.notText },
      additionalProperties: focusMessages.onlyFocus,
    },
  },
);

/** Settings: what the signed-in reader cares about, which orders their digest ("What I care about"). */
export function registerFocusRoutes(app: ServiceApp, context: SummariserContext): void {
  app.get(FOCUS_PATH, { schema: { response: { 200: ReaderFocusReply, ...errors } } }, async (request) => {
    const row = await new RecipientRepository(context.db).find(requireUserId(request));
    return { focus: row?.focus ?? null };
  });

  app.put(
    FOCUS_PATH,
    { schema: { body: FocusBody, response: { 200: ReaderFocusReply, ...errors } } },
    async (request) => changeFocus(context, requireUserId(request), request.body.focus),
  );
}
