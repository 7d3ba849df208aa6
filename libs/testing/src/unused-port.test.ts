import { connect, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { unusedPort } from "./unused-port.ts";

describe("unusedPort", () => {
  it("gives a port whose connections are refused", async () => {
    const port = await unusedPort();
    const outcome = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", resolve).on("connect", () => {
        socket.destroy();
        resolve("connected");
      });
    });
    expect(outcome).toMatchObject({ code: "ECONNREFUSED", port });
  });

  it("gives a port a server can listen on", async () => {
    const port = await unusedPort();
    const server = createServer();
    await new Promise<void>((resolve, reject) =>
      server.once("error", reject).listen(port, "127.0.0.1", resolve),
    );
    expect(server.address()).toMatchObject({ port });
    await new Promise((resolve) => server.close(resolve));
  });
});
