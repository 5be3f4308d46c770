import { setTimeout as delay } from 'node:timers/promises';

/**
 * A queue or ledger write after a sync: a connection the server just closed (a restart,
 * pg_terminate_backend) fails the query, and the pool opens a new one for the next try. Lost, the
 * write would leave a finished sync looking unfinished, so it is tried a few times.
 */
export async function persist<T>(write: () => Promise<T>, tries = 5, waitMs = 500): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= tries) throw error;
      await delay(waitMs * attempt);
    }
  }
}
