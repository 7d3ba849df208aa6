/**
 * What the reader cares about ("engine design, not news"), as the summariser answers it at
 * `GET`/`PUT /api/user/focus`: the reply schema and the web app's type, declared once, and the bound the
 * settings page counts against. Pure: TypeBox alone; the web app imports its types and the bound only.
 */
import Type, { type Static } from "typebox";

/** The longest focus a reader may keep, in characters (code points, as the server counts them). */
export const MAX_FOCUS_CHARS = 280;

/** The reader's focus, which orders their digest's videos and shapes its glance; null while they have none. */
export const ReaderFocusReply = Type.Object({
  focus: Type.Union([Type.String({ maxLength: MAX_FOCUS_CHARS }), Type.Null()]),
});
export type ReaderFocusReply = Static<typeof ReaderFocusReply>;
