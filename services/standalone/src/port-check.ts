import { createServer } from "node:net";
import { describeStartupFailure } from "@tubedigest/http";
import { StartUpError } from "./start-up-error.ts";

/** The gateway's port, held by a bare listener until the gateway is ready to take it over. */
export interface ReservedPort {
  port: number;
  /** Frees the port for the gateway's own listen; safe to call more than once. */
  release(): Promise<void>;
}

/**
 * Binds the port before anything is opened and keeps it bound while the product starts (the one given,
 * or a free one for 0). Held, a port picked for 0 cannot become the local end of one of the product's own
 * connections to Postgres, Redis or RabbitMQ, which the system draws from the same range; freed at once
 * after the check, it sometimes did during the seconds the services take to start. A port that cannot be
 * had is a `StartUpError`.
 */
export async function reservePort(host: string, port: number): Promise<ReservedPort> {
  // Nothing answers here yet: a caller that connects meanwhile (a readiness probe) is cut off at once,
  // as a closed port would refuse it, rather than left waiting and holding the port open.
  const server = createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (error) {
    throw portProblem(error, host, port);
  }
  const address = server.address();
  let released: Promise<void> | undefined;
  return {
    port: typeof address === "object" && address ? address.port : port,
    release: () => {
      released ??= new Promise((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}

/** A failure to listen on HOST/PORT in one line naming them, as the services say it; others as they are. */
export function portProblem(error: unknown, host: string, port: number): unknown {
  const described = describeStartupFailure(error, { listeners: [{ host, port, variables: "HOST, PORT" }] });
  return described ? new StartUpError(described) : error;
}
