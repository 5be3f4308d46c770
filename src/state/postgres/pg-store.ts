import { hostname } from 'node:os';
import { InvalidInputError } from '../../errors.js';
import { TargetStatus } from '../snapshot.js';
import { targetKey, type Target } from '../target.js';
import type { Checkpoint, StateStoreOptions } from '../checkpoint.js';
import type { StateStore, TargetStore } from '../store.js';
import { advisoryKey, keyHalves } from './advisory-key.js';
import {
  COMMIT_CONFIRMED,
  ENSURE_TARGET,
  LOCKED_START,
  READ_STATUS,
  TARGET_SNAPSHOT,
  UPSERT_STATUS,
  UPSERT_TARGET,
} from './pg-target-sql.js';
import { Db } from './pg-db.js';
import { connectError, StateStoreError } from './pg-errors.js';
import { takeAdvisoryLock, type AdvisoryLock } from './pg-lock.js';
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
  const identity = [key, target.baseUrl, target.clientId];
  const lockKey = advisoryKey('target', db.where.schema, key);
  /**
   * While this store holds the lock: the lock, and what the run's first statement read (the
   * snapshot id, the status), kept up to date by this store's own writes. No other run writes
   * the target while the lock is held (store.ts), so these stand in for reading them again.
   */
  let held: HeldState | null = null;
  const ensureTarget = async (): Promise<void> => {
    if (!held) await db.run(ENSURE_TARGET, identity, true);
  };
  const snapshotId = async (): Promise<string | null> =>
    held
      ? held.snapshotId
      : ((await db.run<{ id: string | null }>(TARGET_SNAPSHOT, [key])).rows[0]?.id ?? null);

  return {
    target,
    location,
    async lock() {
      const lock = await takeAdvisoryLock(db, lockKey, `target ${location}`);
      let start: { snapshot_id: string | null; status: unknown; runs: [string, boolean][] };
      try {
        start = (await db.run<typeof start>(LOCKED_START, identity, true, lock.session)).rows[0]!;
      } catch (error) {
        await lock.release();
        throw error;
      }
      const runs = start.runs.map(([id, confirmed]) => ({ id, confirmed }));
      const state: HeldState = { lock, snapshotId: start.snapshot_id, status: start.status, runs };
      held = state;
      return {
        holder: lock.holder,
        async release() {
          if (held === state) held = null;
          await lock.release();
        },
      };
    },
    async recover() {
      // Done by the lock's first statement; without the lock, as asked.
      if (!held) await db.run('DELETE FROM {s}.snapshots WHERE target_key = $1 AND staged', [key], true);
    },
    async writeIdentity() {
      // The lock's first statement wrote it.
      if (!held) await db.run(UPSERT_TARGET, identity, true);
    },
    async readSnapshot(options) {
      const id = await snapshotId();
      return id === null ? null : readSnapshotRows(db, id, location, options);
    },
    async readStatus() {
      const status = held
        ? held.status
        : (await db.run<{ status: unknown }>(READ_STATUS, [key])).rows[0]?.status;
      if (status === undefined || status === null) return { uncertain: false };
      const parsed = TargetStatus.safeParse(status);
      if (!parsed.success) throw new InvalidInputError(`the status in ${location} is not a menusync status`);
      return parsed.data;
    },
    async writeStatus(status) {
      await ensureTarget();
      await db.run(UPSERT_STATUS, [key, JSON.stringify(status)], true);
      if (held) held.status = status;
    },
    async stageConfirmed(input) {
      await ensureTarget();
      const staged = await stageSnapshotRows(db, key, input);
      return {
        hash: staged.hash,
        async commit() {
          const state = held;
          const { high, low } = keyHalves(lockKey);
          const pid = state ? state.lock.sessionPid : null;
          const values = [key, staged.id, JSON.stringify(input.status), input.snapshot.runId, pid, high, low];
          // Snapshot, status and the run's rollback point move together, or not at all, and only
          // while this run's session still holds the lock.
          await db.transaction(async (client) => {
            const done = await db.run<{ ok: boolean }>(COMMIT_CONFIRMED, values, true, client);
            if (!done.rows[0]?.ok) throw lockLost(location);
            // Everything written, nothing committed (a crash checkpoint).
            await checkpoint('before-rename');
          });
          const replaced = state ? state.snapshotId : undefined;
          if (state) {
            Object.assign(state, { snapshotId: staged.id, status: input.status });
            for (const run of state.runs) if (run.id === input.snapshot.runId) run.confirmed = true;
          }
          // The snapshot it replaced goes unless a run keeps it for rollback; best effort. A
          // target that had none (a first sync) replaced nothing.
          if (replaced !== null) await dropUnusedSnapshots(db, key).catch(() => undefined);
        },
        async discard() {
          await db.run('DELETE FROM {s}.snapshots WHERE id = $1 AND staged', [staged.id], true);
        },
      };
    },
    async createRun(runId) {
      await ensureTarget();
      const record = await createRunRows(db, key, runId, runWhere(runId));
      if (held && !held.runs.some((run) => run.id === runId)) {
        held.runs.push({ id: runId, confirmed: false });
        held.runs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      }
      return record;
    },
    async listRuns() {
      if (!held) return listRunRows(db, key, runWhere);
      return held.runs.map((run) => ({ ...run, location: runWhere(run.id) }));
    },
    readRunFile: (runId, name) => readRunFileRow(db, key, runId, name),
    listRunFiles: (runId) => listRunFileNames(db, key, runId),
    async confirmedSnapshot(runId) {
      const id = (
        await db.run<{ id: string | null }>(
          'SELECT snapshot_id AS id FROM {s}.runs WHERE target_key = $1 AND run_id = $2',
          [key, runId],
        )
      ).rows[0]?.id;
      return id === null || id === undefined ? null : readSnapshotRows(db, id, runWhere(runId));
    },
    async pruneRuns(keep, current) {
      const state = held;
      // Under the lock this store knows the runs: usually within what is kept, nothing to ask.
      if (state && state.runs.length <= keep) return [];
      const pruned = await pruneRunRows(db, key, keep, current);
      if (state) state.runs = state.runs.filter((run) => !pruned.includes(run.id));
      return pruned;
    },
  };
}

/** What a target store holding the lock knows of its target (see `held` above). */
interface HeldState {
  lock: AdvisoryLock;
  snapshotId: string | null;
  status: unknown;
  /** The target's runs, oldest first, and whether each left a rollback point. */
  runs: { id: string; confirmed: boolean }[];
}

function lockLost(location: string): StateStoreError {
  return new StateStoreError(
    `the PostgreSQL session holding the lock of ${location} ended during the run; the snapshot was not moved`,
    { hint: 'the target stays marked uncertain: the next apply sends the whole menu as a replace' },
  );
}
