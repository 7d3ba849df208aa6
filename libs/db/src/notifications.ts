import pg from "pg";

/** A channel listened to on a connection of its own; `close` ends it. */
export interface Listening {
  close(): Promise<void>;
}

/** Postgres LISTEN/NOTIFY for a database reached by URL. */
export interface Notifications {
  /**
   * Listens to `channel` on a dedicated connection, calling `onNotification` with each payload. The
   * connection is opened again after it fails or drops (waiting longer after each failed attempt, up to
   * `maxRetryDelayMs`), and `onListening` is called each time listening starts: what was notified while no
   * connection listened is lost, so the caller looks for itself then.
   */
  listen(channel: string, onNotification: (payload: string) => void, onListening?: () => void): Listening;
}

export interface NotificationsOptions {
  connectionString: string;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export function postgresNotifications(options: NotificationsOptions): Notifications {
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 15_000;
  return {
    listen(channel, onNotification, onListening) {
      let closed = false;
      let failures = 0;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;

      function connect(): void {
        const current = new pg.Client({ connectionString: options.connectionString });
        client = current;
        let lost = false;
        const reconnect = () => {
          if (lost || closed) return;
          lost = true;
          current.end().catch(() => undefined);
          failures += 1;
          const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** Math.max(0, failures - 1));
          retry = setTimeout(connect, delay);
        };
        current.on("error", reconnect);
        current.on("end", reconnect);
        current.on("notification", (message) => {
          if (message.channel === channel) onNotification(message.payload ?? "");
        });
        current
          .connect()
          .then(() => current.query(`listen "${channel.replaceAll('"', '""')}"`))
          .then(() => {
            if (closed || lost) return;
            failures = 0;
            onListening?.();
          })
          .catch(reconnect);
      }

      connect();
      return {
        async close() {
          closed = true;
          clearTimeout(retry);
          await client?.end().catch(() => undefined);
        },
      };
    },
  };
}
