import Type from "typebox";
import { messages } from "../shared/messages.ts";
import { videoUrl } from "./schemas.ts";

export const QuoteBody = Type.Object(
  { videoUrl: videoUrl("videoUrl", messages.missing) },
  { additionalProperties: false, errorMessage: { required: { videoUrl: messages.missing } } },
);

export const ConfirmBody = Type.Object(
  { quoteId: Type.String({ format: "uuid", errorMessage: messages.quoteNotFound }) },
  { additionalProperties: false, errorMessage: { required: { quoteId: messages.confirmPriceFirst } } },
);
