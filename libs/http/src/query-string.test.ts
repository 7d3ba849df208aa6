import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";
import { MALFORMED_QUERY } from "./query-string.ts";

let app: ServiceApp;
beforeAll(async () => {
  app = createServiceApp({ name: "probe", logLevel: "silent" });
  app.get("/echo", async (request) => request.query);
  await app.ready();
});
afterAll(() => app.close());

describe("query strings", () => {
  it("are parsed as Fastify parses them", async () => {
    const response = await app.inject("/echo?query=caf%C3%A9+au+lait&tag=a&tag=b&empty&__proto__=x");
    // A key named __proto__ stays a key: the object has no prototype to replace.
    expect(response.body).toBe('{"query":"café au lait","tag":["a","b"],"empty":"","__proto__":"x"}');
  });

  it.each(["query=a%C0", "query=%", "query=%E0%A4%A", "q%ZZ=1", "query=%ED%A0%80"])(
    "with invalid percent-encoding (%s) are a 400 with a message",
    async (query) => {
      const response = await app.inject(`/echo?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MALFORMED_QUERY });
    },
  );
});
