import type { FileContent } from '../atomic-write.js';
import type { RunRecord } from '../run-history.js';
import type { StoredRun } from '../store.js';
import { runsToPrune } from '../prune-policy.js';
import type { Db, NamedSql, SqlValue } from './pg-db.js';

/**
 * A run's record: a row in runs, a row per file in run_files (plan, payload, response, reports).
 * Files written together (the reports, side by side) go in one multi-row statement: writes asked
 * for in the same turn of the event loop are sent as one.
 */
export async function createRunRows(
  db: Db,
  targetKey: string,
  runId: string,
  where: string,
): Promise<RunRecord> {
  await db.run(CREATE_RUN, [targetKey, runId], true);
  const batch = fileBatcher(db, targetKey, runId);
  const write = async (name: string, content: FileContent) => {
    await batch(name, toBytes(content));
    return `${where}/${name}`;
  };
  return {
    id: runId,
    dir: where,
    write,
    writeJson: (name, value) => write(name, `${JSON.stringify(value)}\n`),
  };
}

const CREATE_RUN: NamedSql = {
  name: 'menusync-create-run',
  text: 'INSERT INTO {s}.runs (target_key, run_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
};

/** Rows of one run's files per statement at most (reports are small; payloads go alone). */
const FILES_PER_STATEMENT = 8;

/**
 * `write(name, bytes)` resolving once the row is stored; writes asked for before the next turn
 * of the event loop share one INSERT (the same name twice: the later content, as one after the other).
 */
function fileBatcher(db: Db, targetKey: string, runId: string) {
  let pending: { files: Map<string, Buffer>; done: Promise<void> } | null = null;
  return (name: string, bytes: Buffer): Promise<void> => {
    if (pending && pending.files.size < FILES_PER_STATEMENT) {
      pending.files.set(name, bytes);
      return pending.done;
    }
    const files = new Map([[name, bytes]]);
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      if (pending?.files === files) pending = null;
      return insertFiles(db, targetKey, runId, files);
    });
    pending = { files, done };
    return done;
  };
}

async function insertFiles(
  db: Db,
  targetKey: string,
  runId: string,
  files: Map<string, Buffer>,
): Promise<void> {
  const values: SqlValue[] = [targetKey, runId];
  const rows: string[] = [];
  for (const [name, bytes] of files) {
    values.push(name, bytes);
    rows.push(`($1, $2, $${values.length - 1}, $${values.length})`);
  }
  await db.run(
    {
      name: `menusync-run-files-${files.size}`,
      text: `INSERT INTO {s}.run_files (target_key, run_id, name, content) VALUES ${rows.join(', ')}
       ON CONFLICT (target_key, run_id, name) DO UPDATE SET content = excluded.content`,
    },
    values,
    true,
  );
}

export function toBytes(content: FileContent): Buffer {
  const pieces = typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
  return Buffer.concat(
    pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)),
  );
}

export async function listRunRows(
  db: Db,
  targetKey: string,
  where: (runId: string) => string,
): Promise<StoredRun[]> {
  const rows = await db.run<{ id: string; confirmed: boolean }>(
    `SELECT run_id AS id, snapshot_id IS NOT NULL AS confirmed FROM {s}.runs
     WHERE target_key = $1 ORDER BY run_id`,
    [targetKey],
  );
  return rows.rows.map((row) => ({ id: row.id, location: where(row.id), confirmed: row.confirmed }));
}

export async function readRunFileRow(
  db: Db,
  targetKey: string,
  runId: string,
  name: string,
): Promise<Buffer | null> {
  const rows = await db.run<{ content: Buffer }>(
    'SELECT content FROM {s}.run_files WHERE target_key = $1 AND run_id = $2 AND name = $3',
    [targetKey, runId, name],
  );
  return rows.rows[0]?.content ?? null;
}

export async function listRunFileNames(db: Db, targetKey: string, runId: string): Promise<string[]> {
  const rows = await db.run<{ name: string }>(
    'SELECT name FROM {s}.run_files WHERE target_key = $1 AND run_id = $2 ORDER BY name',
    [targetKey, runId],
  );
  return rows.rows.map((row) => row.name);
}

/**
 * Deletes runs beyond `keep`, rollback points last (runsToPrune: a run with a snapshot is one;
 * never `current`), with their files, then the snapshots nothing points at any more (a run's
 * rollback point goes with the run). Best effort, as the local pruning: a failure leaves them for
 * the next run.
 */
export async function pruneRunRows(
  db: Db,
  targetKey: string,
  keep: number,
  current?: string,
): Promise<string[]> {
  try {
    const rows = await db.run<{ id: string; point: boolean }>(
      'SELECT run_id AS id, snapshot_id IS NOT NULL AS point FROM {s}.runs WHERE target_key = $1 ORDER BY run_id',
      [targetKey],
    );
    const old = runsToPrune(rows.rows, keep, current);
    if (old.length === 0) return [];
    await db.run(
      'DELETE FROM {s}.runs WHERE target_key = $1 AND run_id = ANY($2::text[])',
      [targetKey, old],
      true,
    );
    await dropUnusedSnapshots(db, targetKey);
    return old;
  } catch {
    return [];
  }
}

/** Confirmed snapshots that are neither the target's current one nor a remaining run's. */
export async function dropUnusedSnapshots(db: Db, targetKey: string): Promise<void> {
  await db.run(
    `DELETE FROM {s}.snapshots s WHERE s.target_key = $1 AND NOT s.staged
       AND NOT EXISTS (SELECT 1 FROM {s}.targets t WHERE t.snapshot_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM {s}.runs r WHERE r.snapshot_id = s.id)`,
    [targetKey],
    true,
  );
}
