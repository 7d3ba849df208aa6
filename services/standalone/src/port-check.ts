import { createServer } from "node:net";
import { describeStartupFailure } from "@tubedigest/http";
import { StartUpError } from "./start-up-error.ts";

/**
 * Binds the port for a moment, before anything is opened, and answers the port the gateway will listen
 * on (the one given, or a free one for 0). A port that cannot be had is a `StartUpError`.
 */
export async function checkPort(host: string, port: number): Promise<number> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
    const address = server.address();
    return typeof address === "object" && address ? address.port : port;
  } catch (error) {
    throw portProblem(error, host, port);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A failure to listen on HOST/PORT in one line naming them, as the services say it; others as they are. */
export function portProblem(error: unknown, host: string, port: number): unknown {
  const described = describeStartupFailure(error, { listeners: [{ host, port, variables: "HOST, PORT" }] });
  return described ? new StartUpError(described) : error;
}
