import type { OutgoingMail } from "../../src/adapters/mail-transport/mail-transport.ts";

/** A digest as the dispatcher hands it to a transport, with its own Message-ID and one-click headers. */
export const SAMPLE_OUTGOING_MAIL: OutgoingMail = {
  from: "tubedigest <digest@tubedigest.test>",
  to: "ann@example.com",
  subject: "Your digest",
  html: "<p>Hello</p>",
  text: "Hello",
  messageId: "<6f1c2a9e-6b0d-4c8e-9a51-2d7e4f60b1aa@tubedigest.test>",
  headers: {
    "List-Unsubscribe": "<https://tubedigest.test/u?t=1>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};
