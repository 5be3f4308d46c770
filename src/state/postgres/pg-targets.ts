import type { StoredTarget, TargetLastReport } from '../store.js';
import { advisoryKey, keyHalves } from './advisory-key.js';
import type { Db } from './pg-db.js';

interface TargetRow {
  key: string;
  base_url: string | null;
  client_id: string | null;
  last_run: string | null;
  status: { uncertain?: unknown } | null;
  report?: Buffer | null;
}

/** Every target of the schema, with its last run, uncertain mark and whether a session holds its lock. */
export async function listPostgresTargets(db: Db): Promise<StoredTarget[]> {
  return storedTargets(db, await db.run<TargetRow>(TARGETS));
}

/** The same, with each target's newest run's report.json: one query for the whole fleet. */
export async function lastRunReportRows(db: Db): Promise<TargetLastReport[]> {
  const rows = await db.run<TargetRow>(TARGETS_WITH_REPORT);
  const targets = await storedTargets(db, rows);
  return targets.map((target, i) => ({ ...target, lastReport: rows.rows[i]!.report ?? null }));
}

const TARGETS = {
  name: 'menusync-targets',
  text: `SELECT t.key, t.base_url, t.client_id, s.status,
       (SELECT max(r.run_id) FROM {s}.runs r WHERE r.target_key = t.key) AS last_run
     FROM {s}.targets t LEFT JOIN {s}.statuses s ON s.target_key = t.key
     ORDER BY t.key`,
};

// The newest run through the runs' primary key (target_key, run_id), its report through run_files'.
const TARGETS_WITH_REPORT = {
  name: 'menusync-targets-reports',
  text: `SELECT t.key, t.base_url, t.client_id, s.status, r.run_id AS last_run, f.content AS report
     FROM {s}.targets t
     LEFT JOIN {s}.statuses s ON s.target_key = t.key
     LEFT JOIN LATERAL (SELECT run_id FROM {s}.runs WHERE target_key = t.key
                        ORDER BY run_id DESC LIMIT 1) r ON true
     LEFT JOIN {s}.run_files f ON f.target_key = t.key AND f.run_id = r.run_id AND f.name = 'report.json'
     ORDER BY t.key`,
};

async function storedTargets(db: Db, rows: { rows: TargetRow[] }): Promise<StoredTarget[]> {
  const held = await heldAdvisoryLocks(db);
  // Keyed only when some lock is held: a quiet fleet of 10,000 need not hash every target.
  const locked = (key: string) => {
    if (held.size === 0) return false;
    const { high, low } = keyHalves(advisoryKey('target', db.where.schema, key));
    return held.has(`${high}:${low}`);
  };
  return rows.rows.map((row) => ({
    target: row.base_url && row.client_id ? { baseUrl: row.base_url, clientId: row.client_id } : null,
    key: row.key,
    location: `${db.where.display}#${row.key}`,
    lastRunId: row.last_run,
    uncertain: row.status?.uncertain === true,
    locked: locked(row.key),
  }));
}

/** The advisory locks sessions of this database hold, as "classid:objid" (looked at, never taken). */
async function heldAdvisoryLocks(db: Db): Promise<Set<string>> {
  const rows = await db.run<{ lock: string }>(
    `SELECT classid::bigint || ':' || objid::bigint AS lock FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND objsubid = 1
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return new Set(rows.rows.map((row) => row.lock));
}
