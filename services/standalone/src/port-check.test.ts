import { connect, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { reservePort } from "./port-check.ts";

function listenOn(port: number): Promise<NodeJS.ErrnoException | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", resolve);
    server.listen({ host: "127.0.0.1", port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

describe("reservePort", () => {
  it("keeps a port picked for 0 bound until released, then frees it for the gateway", async () => {
    const reserved = await reservePort("127.0.0.1", 0);
    expect(reserved.port).toBeGreaterThan(0);
    expect((await listenOn(reserved.port))?.code).toBe("EADDRINUSE");
    await reserved.release();
    await reserved.release();
    expect(await listenOn(reserved.port)).toBeUndefined();
  });

  it("cuts off a caller that connects while the port is held, and still frees it", async () => {
    const reserved = await reservePort("127.0.0.1", 0);
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(reserved.port, "127.0.0.1");
      socket.once("close", () => resolve("closed"));
      socket.once("error", () => undefined);
    });
    expect(outcome).toBe("closed");
    await reserved.release();
    expect(await listenOn(reserved.port)).toBeUndefined();
  });

  it("refuses a taken port as a StartUpError naming HOST and PORT", async () => {
    const held = await reservePort("127.0.0.1", 0);
    try {
      await expect(reservePort("127.0.0.1", held.port)).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${held.port} (HOST, PORT): the port is already in use`,
      );
    } finally {
      await held.release();
    }
  });
});
