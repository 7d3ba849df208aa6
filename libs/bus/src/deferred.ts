/** A promise with its settle functions outside (Promise.withResolvers arrives only with Node 22). */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolveWith, rejectWith) => {
    resolve = resolveWith;
    reject = rejectWith;
  });
  // Marked as handled: a rejection nobody awaits (a hook dropped at close) must not crash the process.
  promise.catch(() => {});
  return { promise, resolve, reject };
}
