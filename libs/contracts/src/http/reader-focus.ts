/**
 * What the reader cares about ("engine design, not news"), as the summariser answers it at
 * `GET`/`PUT /api/user/focus`: the reply schema and the web app's type, declared once. Pure: TypeBox
 * alone; the web app imports its type only (its rule is focus-rule).
 */
import Type, { type Static } from "typebox";
import { MAX_FOCUS_CHARS } from "../focus-rule.ts";

/** The reader's focus, which orders their digest's videos and shapes its glance; null while they have none. */
export const ReaderFocusReply = Type.Object({
  focus: Type.Union([Type.String({ maxLength: MAX_FOCUS_CHARS }), Type.Null()]),
});
export type ReaderFocusReply = Static<typeof ReaderFocusReply>;
