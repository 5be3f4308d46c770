import type { RunArchive } from '../store.js';
import { FLEET_RUNS_DIR } from '../target-identity.js';
import { runsToPrune } from '../prune-policy.js';
import type { Db } from './pg-db.js';
import { toBytes } from './pg-runs.js';

/**
 * The fleet runs' records in the database: a row in fleet_runs, a row per file in
 * fleet_run_files, addressed as `postgres://…#fleet-runs/runs/RUN/report.html`. Target keys end in
 * a hash (target.ts targetKey), so `fleet-runs` is never a target's key.
 */
export function postgresFleetRuns(db: Db): RunArchive {
  const location = `${db.where.display}#${FLEET_RUNS_DIR}`;
  const where = (runId: string) => `${location}/runs/${runId}`;
  const listRuns = async () => {
    const rows = await db.run<{ id: string }>('SELECT run_id AS id FROM {s}.fleet_runs ORDER BY run_id');
    return rows.rows.map((row) => ({ id: row.id, location: where(row.id), confirmed: false }));
  };
  return {
    location,
    async createRun(runId) {
      await db.run('INSERT INTO {s}.fleet_runs (run_id) VALUES ($1) ON CONFLICT DO NOTHING', [runId], true);
      const write = async (name: string, content: Parameters<typeof toBytes>[0]) => {
        await db.run(
          `INSERT INTO {s}.fleet_run_files (run_id, name, content) VALUES ($1, $2, $3)
           ON CONFLICT (run_id, name) DO UPDATE SET content = excluded.content`,
          [runId, name, toBytes(content)],
          true,
        );
        return `${where(runId)}/${name}`;
      };
      return {
        id: runId,
        dir: where(runId),
        write,
        writeJson: (name, value) => write(name, `${JSON.stringify(value)}\n`),
      };
    },
    listRuns,
    async listRunFiles(runId) {
      const rows = await db.run<{ name: string }>(
        'SELECT name FROM {s}.fleet_run_files WHERE run_id = $1 ORDER BY name',
        [runId],
      );
      return rows.rows.map((row) => row.name);
    },
    async readRunFile(runId, name) {
      const rows = await db.run<{ content: Buffer }>(
        'SELECT content FROM {s}.fleet_run_files WHERE run_id = $1 AND name = $2',
        [runId, name],
      );
      return rows.rows[0]?.content ?? null;
    },
    async pruneRuns(keep, current) {
      try {
        const ids = (await listRuns()).map((run) => ({ id: run.id, point: false }));
        const old = runsToPrune(ids, keep, current);
        if (old.length > 0)
          await db.run('DELETE FROM {s}.fleet_runs WHERE run_id = ANY($1::text[])', [old], true);
        return old;
      } catch {
        return [];
      }
    },
  };
}
