import { describe, expect, it } from "vitest";
import { decodeFormBody } from "./form-body.ts";

describe("decodeFormBody", () => {
  it("decodes nested objects, indexed and appended arrays as the SDK writes them", () => {
    const body = decodeFormBody(
      "customer=cus_1&items[0][price]=price_1&items[0][id]=si_1&expand[]=a.b&expand[]=c&metadata[userId]=u%201&cancel_at_period_end=true",
    );
    expect(body).toEqual({
      customer: "cus_1",
      items: [{ price: "price_1", id: "si_1" }],
      expand: ["a.b", "c"],
      metadata: { userId: "u 1" },
      cancel_at_period_end: "true",
    });
  });
});
