import { setTimeout as sleep } from "node:timers/promises";
import { Host, LogLevel, Port } from "@tubedigest/config";
import Type from "typebox";
import { createServiceApp } from "../../src/create-service-app.ts";
import { runServiceProcess } from "../../src/service-process.ts";

/** The ways a listening service process ends that LAST_WORDS may name. */
const ENDINGS = {
  throw: () => {
    throw new Error("thrown after the last line");
  },
  reject: () => {
    void Promise.reject(new Error("rejected after the last line"));
  },
  SIGTERM: () => process.kill(process.pid, "SIGTERM"),
  SIGINT: () => process.kill(process.pid, "SIGINT"),
  exit: () => process.exit(3),
};

/**
 * A service process that logs a line, far less than its log's buffer holds, then ends as LAST_WORDS
 * says: once it listens, or with SIGTERM while it is still starting. The tests read what reached stdout.
 */
await runServiceProcess(
  {
    name: "last-words",
    environment: Type.Object({
      PORT: Port({ default: 4999 }),
      HOST: Host("127.0.0.1"),
      LOG_LEVEL: LogLevel,
      LAST_WORDS: Type.Union(
        [...Object.keys(ENDINGS), "SIGTERM while starting"].map((name) => Type.Literal(name)),
      ),
    }),
    settingsFrom: (env) => env.LAST_WORDS,
    async start(ending, _env, { log }) {
      log.info("the last line before the end");
      if (ending === "SIGTERM while starting") {
        process.kill(process.pid, "SIGTERM");
        // Start-up still under way (a migration, a broker to wait for) when the signal arrives.
        await sleep(5_000);
      }
      const app = createServiceApp({ name: "last-words", logger: log });
      const end = ENDINGS[ending as keyof typeof ENDINGS];
      app.addHook("onListen", async () => {
        setImmediate(end);
      });
      return {
        app,
        async stop() {
          log.info("stopped in order");
          await app.close();
        },
      };
    },
  },
  // A free port, whatever PORT says.
  { anyLoopbackPort: true },
);
