import { defineSubscriptions } from "@tubedigest/bus";
import type { AnyEvent, EventEnvelope } from "@tubedigest/contracts";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./support/eventually.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

describe.each<Infra>(["real", "embedded"])("events auth publishes (%s parts)", (infra) => {
  let stack: TestStack;
  const received: AnyEvent[] = [];

  beforeAll(async () => {
    stack = await sharedTestStack(infra);
    const record = async (event: AnyEvent) => {
      received.push(event);
    };
    await stack.events.subscribe(
      defineSubscriptions({
        service: uniqueName("observer"),
        queues: {
          "user-events": {
            events: ["user.registered", "user.updated"],
            handlers: { "user.registered": record, "user.updated": record },
          },
        },
      }),
    );
  });

  it("publishes user.registered and user.updated once each, tied to the request that caused them", async () => {
    const browser = new Browser(stack.gateway);
    const email = `${uniqueName("events")}@example.com`;
    const channel = {
      youtubeId: "UCabcdefghijklmnopqrstuv",
      title: "Demo channel",
      description: "",
      thumbnailUrl: "https://example.invalid/a.jpg",
      subscriberCount: "1200",
    };
    const made = await browser.call(
      "POST",
      "/api/auth/register-with-email",
      { email, channels: [channel] },
      { "x-request-id": "landing-signup-1" },
    );
    expect(made.statusCode).toBe(201);
    await browser.call("POST", "/api/auth/login-with-email", { email });
    const renamed = await browser.call("PATCH", "/api/user/profile", { email, fullName: "Grace" });
    const renameRequestId = String(renamed.headers["x-request-id"]);

    const registered = await eventually(() =>
      received.find(
        (event): event is EventEnvelope<"user.registered"> =>
          event.name === "user.registered" && event.data.email === email,
      ),
    );
    expect(registered.correlationId).toBe("landing-signup-1");
    expect(registered.data).toMatchObject({
      email,
      fullName: null,
      passwordless: true,
      selectedChannels: [{ ...channel, subscriberCount: 1200 }],
    });
    const updated = await eventually(() =>
      received.find((event) => event.name === "user.updated" && event.data.email === email),
    );
    expect(updated.correlationId).toBe(renameRequestId);
    expect(updated.data).toEqual({
      userId: registered.data.userId,
      email,
      fullName: "Grace",
      timeZone: "UTC",
      summaryLanguage: null,
    });

    // A second sign-up for the address makes no account, so no second registration or update is announced.
    await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password: "password123" });
    // Auth publishes in the order it wrote: once a sign-up made after it is announced, so would it have been.
    const marker = `${uniqueName("marker")}@example.com`;
    await new Browser(stack.gateway).call("POST", "/api/auth/register", {
      email: marker,
      password: "password123",
    });
    await eventually(() =>
      received.find((event) => event.name === "user.registered" && event.data.email === marker),
    );
    const mine = received.filter((event) => "email" in event.data && event.data.email === email);
    expect(mine.map((event) => event.name).sort()).toEqual(["user.registered", "user.updated"]);
  });
});
