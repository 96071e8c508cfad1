import {
  CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryCompiler, type TransactionSettings,
} from 'kysely';
import { historyContext } from './context';

const setContext = (value: string) => CompiledQuery.raw(`select set_config('app.history', $1, false)`, [value]);

/**
 * Hands each connection the current request's history context (./context.ts) when it is acquired, so the
 * triggers of migrations/0008_history.ts know who writes and for which request. A connection is held by one
 * caller between acquire and release (Kysely serialises PGlite's single connection), so a session setting is
 * safe, and it is set only when it differs from what the connection already carries.
 */
class HistoryDriver implements Driver {
  private readonly carried = new WeakMap<DatabaseConnection, string>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const wanted = historyContext();
    if ((this.carried.get(connection) ?? '') !== wanted) {
      try {
        await connection.executeQuery(setContext(wanted));
      } catch (error) {
        await this.inner.releaseConnection(connection);
        throw error;
      }
      this.carried.set(connection, wanted);
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with every connection tagged with the request it serves. */
export function withHistory(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new HistoryDriver(dialect.createDriver()),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
