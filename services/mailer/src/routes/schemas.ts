import { EmailAddress, ErrorReply, multiLineText, singleLineText } from "@tubedigest/http";
import Type from "typebox";

export const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/**
 * The abandonment payload (docs/product.md#data-shapes), bounded to at most 3 bullets. Only the e-mail is
 * used, to check it is the account's own: the channel name and bullets are the browser's and reach no e-mail.
 */
export const AbandonmentBody = Type.Object(
  {
    email: EmailAddress,
    channelName: Type.Union([singleLineText("channelName", { maxLength: 200 }), Type.Null()], {
      errorMessage: "channelName must be the first channel's title, or null.",
    }),
    summaryBullets: Type.Array(multiLineText("Each summary bullet", { maxLength: 500 }), {
      maxItems: 3,
      errorMessage: { maxItems: "At most 3 summary bullets.", type: "summaryBullets must be a list." },
    }),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: {
        email: "Please enter a valid email address",
        channelName: "channelName is required (null when no channel was chosen).",
        summaryBullets: "summaryBullets is required (an empty list is fine).",
      },
    },
  },
);

export const MessageReply = Type.Object({ message: Type.String() });

/** The token of an unsubscribe link; checked by signature in the operation, only bounded here. */
export const UnsubscribeQuery = Type.Object({
  token: Type.String({ maxLength: 200, errorMessage: "This unsubscribe link is not valid." }),
});

/** A page for people (the unsubscribe confirmation): described as HTML, not as a JSON string. */
export const HtmlPage = { content: { "text/html": { schema: Type.String() } } };

/** A refusal: a page when the link itself is bad, `{ message }` when the request is malformed. */
export const HtmlPageOrError = {
  content: { "text/html": { schema: Type.String() }, "application/json": { schema: ErrorReply } },
};

export const SuppressionBody = Type.Object(
  { email: EmailAddress, reason: singleLineText("reason", { minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
