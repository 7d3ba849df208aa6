import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, serverMessage } from "./api.ts";

function answer(status: number, body: string, statusText = "") {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(body || null, { status, statusText }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends credentials and JSON, and parses the JSON answer", async () => {
    const fetch = answer(200, '{"ok":true}');
    await expect(apiFetch("/api/thing", { json: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/thing");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ accept: "application/json", "content-type": "application/json" });
  });

  it("GETs without a body when no JSON is given", async () => {
    const fetch = answer(200, "[]");
    await apiFetch("/api/list");
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("GET");
    expect(fetch.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("resolves an empty answer to undefined", async () => {
    answer(204, "");
    await expect(apiFetch("/api/nothing", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("raises '{status}: {body text}' with the parsed body for a JSON error", async () => {
    answer(400, '{"message":"Please enter a valid email address."}');
    const error = await apiFetch("/api/x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Please enter a valid email address."}');
    expect((error as ApiError).status).toBe(400);
    expect(serverMessage(error)).toBe("Please enter a valid email address.");
  });

  it("raises '{status}: {status text}' when the error has no body", async () => {
    answer(503, "", "Service Unavailable");
    const error = await apiFetch("/api/x").catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe("503: Service Unavailable");
    expect(serverMessage(error)).toBeUndefined();
  });

  it("keeps a text error body as text", async () => {
    answer(502, "Bad gateway");
    const error = await apiFetch("/api/x").catch((caught: unknown) => caught);
    expect((error as ApiError).body).toBe("Bad gateway");
    expect(serverMessage(error)).toBeUndefined();
  });
});

describe("serverMessage", () => {
  it("is undefined for anything but an API error with a message", () => {
    expect(serverMessage(new Error("network"))).toBeUndefined();
    expect(serverMessage(new ApiError(500, { error: "x" }, "500: x"))).toBeUndefined();
  });
});
