import { hostname } from 'node:os';
import { InvalidInputError } from '../../errors.js';
import { TargetStatus } from '../snapshot.js';
import { targetKey, type Target } from '../target.js';
import type { Checkpoint, StateStoreOptions } from '../checkpoint.js';
import type { StateStore, TargetStore } from '../store.js';
import { advisoryKey } from './advisory-key.js';
import { Db } from './pg-db.js';
import { connectError, StateStoreError } from './pg-errors.js';
import { stillHeld, takeAdvisoryLock, type AdvisoryLock } from './pg-lock.js';
import { lastRunReportRows, listPostgresTargets } from './pg-targets.js';
import { readSnapshotRows, stageSnapshotRows } from './pg-snapshot.js';
import {
  createRunRows,
  dropUnusedSnapshots,
  listRunFileNames,
  listRunRows,
  pruneRunRows,
  readRunFileRow,
} from './pg-runs.js';
import { parsePostgresUrl } from './pg-url.js';
import { postgresFleetRuns } from './pg-fleet-runs.js';
import { migrate } from './migrations.js';

/**
 * The PostgreSQL backend (`--state postgres://USER@HOST:PORT/DB[?schema=NAME]`): every target's
 * snapshot, status, runs and lock in one schema of its own (migrations.ts). Opening it connects,
 * so a wrong URL, user or database fails here, before anything is sent to the platform.
 */
export async function postgresStateStore(spec: string, options: StateStoreOptions = {}): Promise<StateStore> {
  const checkpoint: Checkpoint = options.checkpoint ?? (async () => undefined);
  const where = parsePostgresUrl(spec);
  const db = new Db(where, `menusync pid ${process.pid} on ${hostname()}`, options.lockSessions);
  try {
    const client = await db.pool.connect();
    client.release();
  } catch (error) {
    await db.close().catch(() => undefined);
    throw connectError(error, where.display);
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return {
    kind: 'postgres',
    location: where.display,
    target: (target) => postgresTargetStore(db, target, checkpoint),
    listTargets: () => listPostgresTargets(db),
    lastRunReports: () => lastRunReportRows(db),
    fleetRuns: () => postgresFleetRuns(db),
    close: () => db.close(),
  };
}

function postgresTargetStore(db: Db, target: Target, checkpoint: Checkpoint): TargetStore {
  const key = targetKey(target);
  const location = `${db.where.display}#${key}`;
  const runWhere = (runId: string) => `${location}/runs/${runId}`;
  const ensureTarget = () =>
    db.run(
      `INSERT INTO {s}.targets (key, base_url, client_id) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO NOTHING`,
      [key, target.baseUrl, target.clientId],
      true,
    );
  const lockKey = advisoryKey('target', db.where.schema, key);
  /** The lock this target store took, if any: its commit checks that the session still holds it. */
  let held: AdvisoryLock | null = null;
  const snapshotOf = async (sql: string, values: string[]): Promise<string | null> =>
    (await db.run<{ id: string | null }>(sql, values)).rows[0]?.id ?? null;

  return {
    target,
    location,
    async lock() {
      const lock = await takeAdvisoryLock(db, lockKey, `target ${location}`);
      try {
        await ensureTarget();
      } catch (error) {
        await lock.release();
        throw error;
      }
      held = lock;
      return {
        holder: lock.holder,
        async release() {
          if (held === lock) held = null;
          await lock.release();
        },
      };
    },
    async recover() {
      await db.run('DELETE FROM {s}.snapshots WHERE target_key = $1 AND staged', [key], true);
    },
    async writeIdentity() {
      await ensureTarget();
      await db.run(
        'UPDATE {s}.targets SET base_url = $2, client_id = $3 WHERE key = $1',
        [key, target.baseUrl, target.clientId],
        true,
      );
    },
    async readSnapshot(options) {
      const id = await snapshotOf('SELECT snapshot_id AS id FROM {s}.targets WHERE key = $1', [key]);
      return id === null ? null : readSnapshotRows(db, id, location, options);
    },
    async readStatus() {
      const rows = await db.run<{ status: unknown }>(
        'SELECT status FROM {s}.statuses WHERE target_key = $1',
        [key],
      );
      if (rows.rows.length === 0) return { uncertain: false };
      const parsed = TargetStatus.safeParse(rows.rows[0]!.status);
      if (!parsed.success) throw new InvalidInputError(`the status in ${location} is not a menusync status`);
      return parsed.data;
    },
    async writeStatus(status) {
      await ensureTarget();
      await db.run(UPSERT_STATUS, [key, JSON.stringify(status)], true);
    },
    async stageConfirmed(input) {
      await ensureTarget();
      const staged = await stageSnapshotRows(db, key, input);
      return {
        hash: staged.hash,
        async commit() {
          // Snapshot, status and the run's rollback point move together, or not at all.
          await db.transaction(async (client) => {
            if (held && !(await stillHeld(db, client, held, lockKey))) throw lockLost(location);
            await db.run('UPDATE {s}.snapshots SET staged = false WHERE id = $1', [staged.id], true, client);
            await db.run(
              'UPDATE {s}.targets SET snapshot_id = $2 WHERE key = $1',
              [key, staged.id],
              true,
              client,
            );
            await db.run(UPSERT_STATUS, [key, JSON.stringify(input.status)], true, client);
            await db.run(
              'UPDATE {s}.runs SET snapshot_id = $3 WHERE target_key = $1 AND run_id = $2',
              [key, input.snapshot.runId, staged.id],
              true,
              client,
            );
            // Everything written, nothing committed (a crash checkpoint).
            await checkpoint('before-rename');
          });
          // The snapshot it replaced goes unless a run keeps it for rollback; best effort.
          await dropUnusedSnapshots(db, key).catch(() => undefined);
        },
        async discard() {
          await db.run('DELETE FROM {s}.snapshots WHERE id = $1 AND staged', [staged.id], true);
        },
      };
    },
    async createRun(runId) {
      await ensureTarget();
      return createRunRows(db, key, runId, runWhere(runId));
    },
    listRuns: () => listRunRows(db, key, runWhere),
    readRunFile: (runId, name) => readRunFileRow(db, key, runId, name),
    listRunFiles: (runId) => listRunFileNames(db, key, runId),
    async confirmedSnapshot(runId) {
      const id = await snapshotOf(
        'SELECT snapshot_id AS id FROM {s}.runs WHERE target_key = $1 AND run_id = $2',
        [key, runId],
      );
      return id === null ? null : readSnapshotRows(db, id, runWhere(runId));
    },
    pruneRuns: (keep, current) => pruneRunRows(db, key, keep, current),
  };
}

const UPSERT_STATUS = `
  INSERT INTO {s}.statuses (target_key, status) VALUES ($1, $2::jsonb)
  ON CONFLICT (target_key) DO UPDATE SET status = excluded.status, updated_at = now()`;

function lockLost(location: string): StateStoreError {
  return new StateStoreError(
    `the PostgreSQL session holding the lock of ${location} ended during the run; the snapshot was not moved`,
    { hint: 'the target stays marked uncertain: the next apply sends the whole menu as a replace' },
  );
}
