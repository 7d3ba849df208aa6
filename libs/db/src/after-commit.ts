import type { DatabaseConnection, Dialect, Driver, Transaction } from "kysely";

/** What waits for each open transaction's commit, by its connection; a connection here has hooks. */
const waiting = new WeakMap<DatabaseConnection, (() => void)[]>();

/**
 * The dialect with after-commit hooks: `afterCommit(trx, …)` runs its callback once the transaction
 * commits, and drops it when the transaction rolls back. The driver is the dialect's own, with its
 * transaction boundaries watched.
 */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const { acquireConnection, beginTransaction, commitTransaction, rollbackTransaction } = driver;
      driver.acquireConnection = async () => {
        const connection = await acquireConnection.call(driver);
        if (!waiting.has(connection)) waiting.set(connection, []);
        return connection;
      };
      driver.beginTransaction = async (connection, settings) => {
        waiting.set(connection, []);
        await beginTransaction.call(driver, connection, settings);
      };
      driver.commitTransaction = async (connection) => {
        await commitTransaction.call(driver, connection);
        const callbacks = waiting.get(connection) ?? [];
        waiting.set(connection, []);
        for (const callback of callbacks) {
          try {
            callback();
          } catch {
            // A hook's failure is its own: the transaction committed, and its caller learns that.
          }
        }
      };
      driver.rollbackTransaction = async (connection) => {
        waiting.set(connection, []);
        await rollbackTransaction.call(driver, connection);
      };
      return driver;
    },
  };
}

/**
 * Runs `callback` once `trx` has committed (never when it rolls back). Answers false, and runs nothing,
 * for a transaction of a database not opened by `createDatabase`, whose commits are not watched.
 */
export async function afterCommit<DB>(trx: Transaction<DB>, callback: () => void): Promise<boolean> {
  return trx.getExecutor().provideConnection(async (connection) => {
    const callbacks = waiting.get(connection);
    if (!callbacks) return false;
    callbacks.push(callback);
    return true;
  });
}
