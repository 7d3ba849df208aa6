import type { TcpProxy } from "@tubedigest/testing/tcp-proxy";

/**
 * A part of the infrastructure away for a while, as in a restart or a network partition: every open
 * connection through `proxy` reset, new ones refused for `awayMs`, then let through again. What the part
 * stored is kept (the proxy cuts the line, not the data), as after a restart with its data on disk.
 */
export async function takeAway(proxy: TcpProxy, awayMs: number): Promise<void> {
  proxy.refuseConnections();
  proxy.dropConnections();
  await new Promise((resolve) => setTimeout(resolve, awayMs));
  proxy.acceptConnections();
}
