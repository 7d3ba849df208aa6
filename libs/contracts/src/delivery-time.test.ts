import { describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_TIME, deliveryTimeLabel, hourLabel, isDeliveryTime } from "./delivery-time.ts";

describe("a reader's delivery time", () => {
  it("is a day from Monday (1) to Sunday (7) and a whole hour", () => {
    expect(isDeliveryTime(DEFAULT_DELIVERY_TIME)).toBe(true);
    expect(isDeliveryTime({ weekday: 7, hour: 23 })).toBe(true);
    expect(isDeliveryTime({ weekday: 1, hour: 0 })).toBe(true);
    for (const wrong of [
      { weekday: 0, hour: 9 },
      { weekday: 8, hour: 9 },
      { weekday: 1, hour: 24 },
      { weekday: 1, hour: -1 },
      { weekday: 1.5, hour: 9 },
      { weekday: 1, hour: 9.5 },
      { weekday: Number.NaN, hour: 9 },
    ]) {
      expect(isDeliveryTime(wrong), JSON.stringify(wrong)).toBe(false);
    }
  });

  it("is said as a day and a 24-hour time", () => {
    expect(deliveryTimeLabel(DEFAULT_DELIVERY_TIME)).toBe("Monday at 09:00");
    expect(deliveryTimeLabel({ weekday: 7, hour: 18 })).toBe("Sunday at 18:00");
    expect(hourLabel(0)).toBe("00:00");
  });
});
