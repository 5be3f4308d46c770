import { hostname } from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openStateStore } from '../../src/state/open-store.js';
import type { Target } from '../../src/state/target.js';
import { postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

const target = (i: number): Target => ({
  baseUrl: 'http://127.0.0.1:9/platform',
  clientId: `client-${i}`,
  posUid: 'default',
});

/** The backends of this process that hold an advisory lock now. */
async function lockHolders(): Promise<number[]> {
  const rows = await sql<{ pid: number }>(
    `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1`,
    [`menusync pid ${process.pid} on ${hostname()}`],
  );
  return rows.map((row) => row.pid);
}

describe.skipIf(!available)('PostgreSQL lock sessions', () => {
  it('holds the locks of runs one after another on one session, kept open between them', async () => {
    const store = await openStateStore(schemaUrl(testSchema()), { lockSessions: 2 });
    onTestFinished(() => store.close());
    const sessions = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const lock = await store.target(target(i)).lock();
      for (const pid of await lockHolders()) sessions.add(pid);
      await lock.release();
    }
    expect(sessions.size).toBe(1);
    expect(await lockHolders()).toEqual([]);
  });

  it('holds as many sessions as runs hold locks at once, and no more', async () => {
    const store = await openStateStore(schemaUrl(testSchema()), { lockSessions: 3 });
    onTestFinished(() => store.close());
    const sessions = new Set<number>();
    for (let round = 0; round < 4; round++) {
      const locks = await Promise.all([0, 1, 2].map((i) => store.target(target(round * 3 + i)).lock()));
      const holders = await lockHolders();
      expect(new Set(holders).size).toBe(3);
      for (const pid of holders) sessions.add(pid);
      await Promise.all(locks.map((lock) => lock.release()));
    }
    expect(sessions.size).toBe(3);
  });

  it('gives a session whose lock another run holds back for the next run', async () => {
    const url = schemaUrl(testSchema());
    const first = await openStateStore(url, { lockSessions: 1 });
    onTestFinished(() => first.close());
    const second = await openStateStore(url, { lockSessions: 1 });
    onTestFinished(() => second.close());
    const held = await first.target(target(1)).lock();
    await expect(second.target(target(1)).lock()).rejects.toThrow(/is locked by/);
    // Its one session was not lost to the refusal: another target's lock still gets it.
    const other = await second.target(target(2)).lock();
    await other.release();
    await held.release();
  });
});
