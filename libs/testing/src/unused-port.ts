import { createServer } from "node:net";

/**
 * A port on 127.0.0.1 that nothing listens on: taken from the system, then released. For a part that is
 * down (a connection to it is refused) or a process to start on.
 */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("the server listened on no port");
  return address.port;
}
