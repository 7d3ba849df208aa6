import { setTimeout as sleep } from "node:timers/promises";

/**
 * Reads the state every `everyMs` until `done` says so; past `timeoutMs` rejects, naming `what` and the
 * last state `describe` gave, so a stuck run says where it stuck.
 */
export async function waitUntil<State>(
  what: string,
  read: () => Promise<State>,
  done: (state: State) => boolean,
  options: { timeoutMs: number; everyMs?: number; describe?: (state: State) => string },
): Promise<State> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const state = await read();
    if (done(state)) return state;
    if (Date.now() > deadline) {
      const last = options.describe ? options.describe(state) : JSON.stringify(state);
      throw new Error(`timed out after ${options.timeoutMs / 1000} s waiting for ${what}; last: ${last}`);
    }
    await sleep(options.everyMs ?? 500);
  }
}
