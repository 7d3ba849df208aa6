import { deliveryTimeMessages } from "@tubedigest/contracts/delivery-time";
import { DeliveryTimeReply } from "@tubedigest/contracts/reader-settings";
import { requireUserId, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { changeDeliveryTime } from "../digest/change-delivery-time.ts";
import { deliveryStanding } from "../digest/delivery-standing.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { errors } from "./schemas.ts";

export const DELIVERY_TIME_PATH = "/api/user/delivery-time";

const DeliveryTimeBody = Type.Object(
  {
    weekday: Type.Integer({ minimum: 1, maximum: 7, errorMessage: deliveryTimeMessages.weekday }),
    hour: Type.Integer({ minimum: 0, maximum: 23, errorMessage: deliveryTimeMessages.hour }),
    /** Kept as it is when absent. */
    cadence: Type.Optional(
      Type.Union([Type.Literal("weekly"), Type.Literal("daily")], {
        errorMessage: deliveryTimeMessages.cadence,
      }),
    ),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { weekday: deliveryTimeMessages.weekday, hour: deliveryTimeMessages.hour },
      additionalProperties: "Only weekday, hour and cadence can be set.",
    },
  },
);

/**
 * Settings: the day and hour the signed-in reader's digest goes out, in their zone, and whether weekly or
 * daily (daily: every day at the hour).
 */
export function registerDeliveryTimeRoutes(app: ServiceApp, context: SummariserContext): void {
  app.get(
    DELIVERY_TIME_PATH,
    { schema: { response: { 200: DeliveryTimeReply, ...errors } } },
    async (request) => {
      const userId = requireUserId(request);
      const row = await new RecipientRepository(context.db).find(userId);
      return deliveryStanding(context.db, userId, row, context.now());
    },
  );

  app.put(
    DELIVERY_TIME_PATH,
    { schema: { body: DeliveryTimeBody, response: { 200: DeliveryTimeReply, ...errors } } },
    async (request) => changeDeliveryTime(context, requireUserId(request), request.body),
  );
}
