import Type, { type Static } from "typebox";

/** A moment a schedule fired for: the slot's start, whole minutes in UTC, the same on every replica. */
export const ScheduleSlotData = Type.Object({
  slot: Type.String({ format: "date-time" }),
});
export type ScheduleSlotData = Static<typeof ScheduleSlotData>;
