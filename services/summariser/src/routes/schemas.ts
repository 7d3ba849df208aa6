import { MAX_VIDEO_URL_LENGTH } from "@tubedigest/contracts/youtube-video-url";
import { EmailAddress, ErrorReply, multiLineText, singleLineText } from "@tubedigest/http";
import Type from "typebox";
import { messages } from "../shared/messages.ts";

export const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** The most channels one preview shows: the largest plan's allowance. */
const MAX_PREVIEW_CHANNELS = 25;

const NEEDS_CHANNELS_AND_EMAIL = messages.previewNeedsChannelsAndEmail;

/**
 * A channel as the web app sends it to the preview (docs/product.md#data-shapes) (search results carry more;
 * it is ignored).
 */
const PreviewChannel = Type.Object(
  {
    youtubeId: Type.String({
      pattern: "^UC[A-Za-z0-9_-]{22}$",
      errorMessage: "Each channel needs its YouTube channel id (UC followed by 22 characters).",
    }),
    title: singleLineText("title", { minLength: 1, maxLength: 200 }),
    description: Type.Optional(multiLineText("description", { maxLength: 5_000 })),
    thumbnailUrl: Type.Optional(singleLineText("thumbnailUrl", { maxLength: 2_048 })),
    subscriberCount: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 20 })]),
    ),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { youtubeId: NEEDS_CHANNELS_AND_EMAIL, title: "Each channel needs its title." },
    },
  },
);

export const PreviewBody = Type.Object(
  {
    email: EmailAddress,
    channels: Type.Array(PreviewChannel, {
      minItems: 1,
      maxItems: MAX_PREVIEW_CHANNELS,
      errorMessage: {
        type: NEEDS_CHANNELS_AND_EMAIL,
        minItems: NEEDS_CHANNELS_AND_EMAIL,
        maxItems: `A preview shows at most ${MAX_PREVIEW_CHANNELS} channels.`,
      },
    }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: NEEDS_CHANNELS_AND_EMAIL, channels: NEEDS_CHANNELS_AND_EMAIL } },
  },
);

/** An address is checked by the shared rule in the operation; the schema only bounds it. */
export const videoUrl = (name: string, missing: string) =>
  singleLineText(name, {
    maxLength: MAX_VIDEO_URL_LENGTH,
    messages: { type: missing },
  });

export const ToolBody = Type.Object(
  {
    youtubeUrl: videoUrl("youtubeUrl", messages.invalidForTool),
    password: Type.String({ maxLength: 200, errorMessage: messages.incorrectPassword }),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { youtubeUrl: messages.invalidForTool, password: messages.incorrectPassword },
    },
  },
);

export const ToolReply = Type.Object({ title: Type.String(), summary: Type.String() });
