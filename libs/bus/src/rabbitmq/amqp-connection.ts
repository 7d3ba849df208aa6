import amqp, { type ChannelModel, type ConfirmChannel, type RecoveringChannelModel } from "amqplib";
import type { Logger } from "pino";
import { type Deferred, deferred } from "../deferred.ts";

/** Work to redo on every connection: declare topology, open channels, start consuming. */
export type ConnectionHook = (connection: ChannelModel) => Promise<void>;

export interface ReconnectOptions {
  /** First wait after losing the broker; doubles (with jitter) on every failed attempt. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts before the first connection before giving up; unlimited when absent (services wait). */
  initialMaxRetries?: number;
}

interface RegisteredHook {
  name: string;
  run: ConnectionHook;
  ranOn: WeakSet<ChannelModel>;
  firstRun: Deferred<void>;
}

/**
 * One AMQP connection that comes back after it is lost, with back-off. Hooks run on every new connection
 * before anyone else can use it, so a publisher never sees a connection whose exchange is not declared
 * yet and consumers resume by themselves. Built on amqplib's own recovery.
 */
export class AmqpConnection {
  readonly #recovering: RecoveringChannelModel;
  readonly #hooks = new Set<RegisteredHook>();
  readonly #log: Logger;
  #current: ChannelModel | undefined;

  private constructor(recovering: RecoveringChannelModel, log: Logger) {
    this.#recovering = recovering;
    this.#log = log;
  }

  /** Starts connecting in the background; use `onEveryConnect` or a channel to wait for the broker. */
  static async open(url: string, log: Logger, options: ReconnectOptions = {}): Promise<AmqpConnection> {
    let connection: AmqpConnection | undefined;
    const recovering = await amqp.connect(url, {
      recovery: {
        initialDelay: options.initialDelayMs ?? 100,
        maxDelay: options.maxDelayMs ?? 10_000,
        ...(options.initialMaxRetries === undefined ? {} : { initialMaxRetries: options.initialMaxRetries }),
        // Run by amqplib after each connect, before the connection is handed to waiting callers.
        setup: (model: ChannelModel) => (connection ? connection.#runHooks(model) : Promise.resolve()),
        waitForConnect: false,
      },
    });
    connection = new AmqpConnection(recovering, log.child({ component: "amqp-connection" }));
    connection.#watch();
    return connection;
  }

  /**
   * Runs `hook` on the current connection (if any) and on every later one. Resolves after its first
   * successful run; rejects if that run fails for a reason a reconnect cannot cure (the broker refused a
   * declaration, say), and the hook is dropped.
   */
  onEveryConnect(name: string, hook: ConnectionHook): Promise<void> {
    const registered: RegisteredHook = { name, run: hook, ranOn: new WeakSet(), firstRun: deferred() };
    this.#hooks.add(registered);
    if (this.#current) this.#catchUp(this.#current);
    return registered.firstRun.promise;
  }

  /** A confirm channel on a live connection; waits while the broker is away. */
  createConfirmChannel(): Promise<ConfirmChannel> {
    return this.#recovering.createConfirmChannel();
  }

  async close(): Promise<void> {
    for (const hook of this.#hooks) hook.firstRun.reject(new Error("Connection closed"));
    this.#hooks.clear();
    await this.#recovering.close();
  }

  /** Whether a connection to the broker is up right now (readiness reports it). */
  get isConnected(): boolean {
    return this.#current !== undefined;
  }

  #watch(): void {
    const recovering = this.#recovering;
    recovering.on("connect", (model: ChannelModel) => {
      this.#current = model;
      this.#log.info("connected to the broker");
      // Hooks registered while the connection was being set up.
      this.#catchUp(model);
    });
    recovering.on("disconnect", (error: Error) => {
      this.#current = undefined;
      this.#log.warn({ err: error }, "lost the broker connection; reconnecting");
    });
    recovering.on("reconnect-scheduled", ({ attempt, delay }: { attempt: number; delay: number }) => {
      this.#log.info({ attempt, delayMs: delay }, "reconnecting to the broker");
    });
    recovering.on("connect-failed", (error: Error) =>
      this.#log.warn({ err: error }, "broker connection failed"),
    );
    // Followed by "disconnect", which is where the loss is logged.
    recovering.on("error", (error: Error) => this.#log.debug({ err: error }, "broker connection error"));
  }

  async #runHooks(model: ChannelModel): Promise<void> {
    // A Set iterates over hooks added while it runs, so none registered meanwhile is skipped.
    for (const hook of this.#hooks) {
      if (hook.ranOn.has(model)) continue;
      hook.ranOn.add(model);
      try {
        await hook.run(model);
        hook.firstRun.resolve();
      } catch (error) {
        if (!isRefusedByBroker(error)) throw error;
        this.#log.error({ err: error, hook: hook.name }, "the broker refused a declaration; giving up on it");
        this.#hooks.delete(hook);
        hook.firstRun.reject(error);
      }
    }
  }

  #catchUp(model: ChannelModel): void {
    this.#runHooks(model).catch((error: unknown) => {
      // Most likely the connection dropped mid-way; closing makes sure the next one runs every hook.
      this.#log.warn({ err: error }, "connection set-up failed; reconnecting");
      model.close().catch(() => {});
    });
  }
}

/** A channel closed by the broker with a reply code such as 403, 404 or 406: the request itself is wrong. */
function isRefusedByBroker(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "number" && code >= 400 && code < 500;
}
