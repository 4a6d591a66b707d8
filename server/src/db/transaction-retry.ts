import type { Db } from './client';

/**
 * Two transactions that lock the same rows in opposite orders deadlock (SQLSTATE 40P01),
 * and PostgreSQL aborts one of them; a serializable transaction can likewise be told to
 * start again (40001). Neither is the caller's fault and neither changed anything, so the
 * whole transaction runs again, a few times, after a short random pause. Should it keep
 * failing, the error reaches the error handler, which answers 409.
 *
 * A transaction callback may therefore run more than once: it must do its work through
 * the transaction, and anything outside the database (scheduling previews, writing files)
 * after it, or in a form that does no harm when repeated.
 */

export const TRANSACTION_ATTEMPTS = 4;
const RETRYABLE = new Set(['40P01', '40001']);
const RETRYING = Symbol('retryingTransactions');

/** The SQLSTATE of a database error, also when Drizzle wraps it (`cause`). */
export function databaseErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const isRetryableConflict = (err: unknown) => RETRYABLE.has(databaseErrorCode(err) ?? '');

/** Makes `db.transaction` retry deadlocks and serialization failures; nested transactions (savepoints) are left alone. */
export function retryConflictingTransactions<T extends Db>(db: T): T {
  const target = db as T & { [RETRYING]?: true };
  if (target[RETRYING]) return db;
  const runOnce = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runOnce(callback, config);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(err)) throw err;
        // Spread the retries so the two sides do not meet again at once.
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40 * attempt));
      }
    }
  };
  target.transaction = transaction as T['transaction'];
  target[RETRYING] = true;
  return db;
}
