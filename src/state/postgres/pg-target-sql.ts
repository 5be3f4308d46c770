import type { NamedSql } from './pg-db.js';

/**
 * The statements of one target's run, named (pg-db.ts NamedSql): each connection plans them once.
 * A run's round trips were counted by the bench (bench/pg-round-trips.ts) and cut where one
 * statement can do the work of several without changing what the store promises.
 */

/**
 * Right after the lock is taken, on the lock's session (a later statement: its snapshot sees every
 * run that held the lock before): the target's row with its identity, what a killed run left
 * staged removed (recover), and the reads every run starts with (snapshot id, status, the runs
 * for the erosion guard and pruning). Was 9 round trips.
 */
export const LOCKED_START: NamedSql = {
  name: 'menusync-locked-start',
  text: `WITH target AS (
       INSERT INTO {s}.targets (key, base_url, client_id) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET base_url = excluded.base_url, client_id = excluded.client_id
         WHERE (targets.base_url, targets.client_id) IS DISTINCT FROM (excluded.base_url, excluded.client_id)),
     recovered AS (DELETE FROM {s}.snapshots WHERE target_key = $1 AND staged)
     SELECT (SELECT snapshot_id FROM {s}.targets WHERE key = $1) AS snapshot_id,
            (SELECT status FROM {s}.statuses WHERE target_key = $1) AS status,
            (SELECT coalesce(json_agg(json_build_array(run_id, snapshot_id IS NOT NULL) ORDER BY run_id), '[]')
               FROM {s}.runs WHERE target_key = $1) AS runs`,
};

/** The target's row, with the identity given when it has none or another spelling of it. */
export const UPSERT_TARGET: NamedSql = {
  name: 'menusync-upsert-target',
  text: `INSERT INTO {s}.targets (key, base_url, client_id) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET base_url = excluded.base_url, client_id = excluded.client_id
       WHERE (targets.base_url, targets.client_id) IS DISTINCT FROM (excluded.base_url, excluded.client_id)`,
};

export const ENSURE_TARGET: NamedSql = {
  name: 'menusync-ensure-target',
  text: `INSERT INTO {s}.targets (key, base_url, client_id) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
};

export const UPSERT_STATUS: NamedSql = {
  name: 'menusync-upsert-status',
  text: `INSERT INTO {s}.statuses (target_key, status) VALUES ($1, $2::jsonb)
     ON CONFLICT (target_key) DO UPDATE SET status = excluded.status, updated_at = now()`,
};

export const READ_STATUS: NamedSql = {
  name: 'menusync-read-status',
  text: 'SELECT status FROM {s}.statuses WHERE target_key = $1',
};

export const TARGET_SNAPSHOT: NamedSql = {
  name: 'menusync-target-snapshot',
  text: 'SELECT snapshot_id AS id FROM {s}.targets WHERE key = $1',
};

/**
 * A commit's four writes (snapshot in place, the target pointing at it, the status, the run's
 * rollback point) in one statement, each only while the session `$5` still holds the target's
 * advisory lock (`$6`, `$7`: its halves; `$5` null: no lock to check). Inside the commit's
 * transaction: all of it or none. Was 5 round trips.
 */
export const COMMIT_CONFIRMED: NamedSql = {
  name: 'menusync-commit-confirmed',
  text: `WITH held AS MATERIALIZED (
       SELECT $5::int IS NULL OR EXISTS (
         SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
           AND l.classid::bigint = $6::bigint AND l.objid::bigint = $7::bigint AND l.pid = $5::int
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS ok),
     snapshot AS (UPDATE {s}.snapshots SET staged = false WHERE id = $2 AND (SELECT ok FROM held)),
     target AS (UPDATE {s}.targets SET snapshot_id = $2 WHERE key = $1 AND (SELECT ok FROM held)),
     status AS (INSERT INTO {s}.statuses (target_key, status) SELECT $1, $3::jsonb WHERE (SELECT ok FROM held)
       ON CONFLICT (target_key) DO UPDATE SET status = excluded.status, updated_at = now()),
     run AS (UPDATE {s}.runs SET snapshot_id = $2 WHERE target_key = $1 AND run_id = $4 AND (SELECT ok FROM held))
     SELECT ok FROM held`,
};
