import { connect } from "node:net";
import { testInfra } from "@tubedigest/testing/test-infra";

/** The commands Redis received from clients, as MONITOR reports them: name first, then the arguments. */
export interface RedisCommandLog {
  /** Every client command (not a script's own) with an argument containing `mark`, up to now. */
  commandsMentioning(mark: string): Promise<string[][]>;
  stop(): void;
}

/**
 * Watches Redis with MONITOR over a plain socket. (ioredis's monitor mode fails with "Command queue state
 * error" when another client's command arrives in the same read as MONITOR's own OK, which a busy test
 * Redis does.) `commandsMentioning` first sends a marker of its own through a second connection and waits
 * until MONITOR has reported it, so everything before it has been reported too.
 */
export async function watchRedisCommands(): Promise<RedisCommandLog> {
  const { hostname, port } = new URL(testInfra.redisUrl);
  const open = (onLine?: (line: string) => void) =>
    new Promise<ReturnType<typeof connect>>((resolve, reject) => {
      const socket = connect(Number(port || 6379), hostname, () => resolve(socket)).on("error", reject);
      let buffered = "";
      socket.on("data", (chunk) => {
        buffered += chunk.toString("utf8");
        const lines = buffered.split("\r\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) onLine?.(line);
      });
    });
  const lines: string[] = [];
  const waiting = new Map<string, () => void>();
  const monitor = await open((line) => {
    lines.push(line);
    for (const [marker, seen] of waiting) if (line.includes(marker)) seen();
  });
  const monitoring = new Promise<void>((resolve) => waiting.set("+OK", resolve));
  monitor.write("MONITOR\r\n");
  await monitoring;
  waiting.delete("+OK");
  const pinger = await open();
  let markers = 0;
  return {
    async commandsMentioning(mark) {
      const marker = `monitor-caught-up-${process.pid}-${++markers}-${Date.now()}`;
      const seen = new Promise<void>((resolve) => waiting.set(marker, resolve));
      pinger.write(`ECHO ${marker}\r\n`);
      await seen;
      waiting.delete(marker);
      return lines
        .filter((line) => line.startsWith("+") && !line.includes(" lua]"))
        .map((line) =>
          [...line.slice(line.indexOf("] ") + 2).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? ""),
        )
        .filter((args) => args.some((arg) => arg.includes(mark)));
    },
    stop() {
      monitor.destroy();
      pinger.destroy();
    },
  };
}
