import { startTcpProxy, type TcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { afterEach, describe, expect, it } from "vitest";

describe("startTcpProxy (in front of RabbitMQ)", () => {
  let proxy: TcpProxy;

  afterEach(async () => {
    await proxy.close();
  });

  it("passes AMQP through, drops open connections on demand, refuses and accepts new ones", async () => {
    const broker = new URL(testInfra.amqpUrl);
    proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
    const url = proxy.urlThrough(testInfra.amqpUrl);
    expect(new URL(url).port).toBe(String(proxy.port));

    const connection = await amqp.connect(url);
    const closed = new Promise<void>((resolve) => connection.on("close", () => resolve()));
    connection.on("error", () => {});
    expect(proxy.openConnections).toBe(1);
    proxy.dropConnections();
    await closed;
    expect(proxy.openConnections).toBe(0);

    proxy.refuseConnections();
    await expect(amqp.connect(url)).rejects.toThrow();
    proxy.acceptConnections();
    const again = await amqp.connect(url);
    await again.close();
  });
});
