import Type from "typebox";

/** What every event about one single summary carries: whose, which video, which charge. */
export const SingleSummaryOrder = Type.Object({
  orderId: Type.String({ format: "uuid" }),
  userId: Type.String({ format: "uuid" }),
  /** Billing's hold on the subscriber's card (a test charge in test mode), to capture or release. */
  holdId: Type.String({ format: "uuid" }),
  videoId: Type.String({ pattern: "^[A-Za-z0-9_-]{11}$" }),
});

/**
 * What the purchase costs, as the subscriber confirmed it and billing holds it; a test charge takes no
 * money. Optional on the events that carry it, which purchases made before prices were shown lack.
 */
export const SingleSummaryCharge = Type.Object({
  amountCents: Type.Integer({ minimum: 0 }),
  testMode: Type.Boolean(),
});

export const singleSummaryOrderExample = {
  orderId: "6f1c2b9a-3d4e-4f5a-8b6c-7d8e9f0a1b2c",
  userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
  holdId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  videoId: "dQw4w9WgXcQ",
};
