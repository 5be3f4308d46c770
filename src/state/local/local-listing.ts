import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { parseJsonBytes } from '../../model/json-bytes.js';
import { mapChunked, readOptionalSync } from '../listing-reads.js';
import { isAlive, LOCK_FILE, LockInfo } from '../lock.js';
import { RUNS_DIR } from '../run-history.js';
import { STATUS_FILE, TargetStatus } from '../snapshot.js';
import type { StoredTarget, TargetLastReport } from '../store.js';
import { targetDir } from '../target.js';
import { listStateTargets } from '../target-identity.js';

/**
 * Every target folder of the state folder with what a listing shows, reading only what it needs:
 * the newest run's id (one readdir, nothing inside the runs), the status, the lock and
 * (`withReport`) that run's report.json. 10,000 targets are 50,000 small reads (listing-reads.ts).
 */
export async function listLocalTargets(root: string, withReport: true): Promise<TargetLastReport[]>;
export async function listLocalTargets(root: string, withReport: boolean): Promise<StoredTarget[]>;
export async function listLocalTargets(root: string, withReport: boolean): Promise<TargetLastReport[]> {
  const { known, legacy, unknown } = await listStateTargets(root);
  const entries = [
    ...known.map((identity) => ({ identity, dir: targetDir(root, identity) })),
    // Named by the older key: the client's state until its next plan or apply adopts it.
    ...legacy.map(({ name, identity }) => ({ identity, dir: path.join(root, name) })),
    ...unknown.map((name) => ({ identity: null, dir: path.join(root, name) })),
  ];
  return mapChunked(entries, ({ identity, dir }) => {
    const lastRunId = newestRunId(dir);
    const report = withReport && lastRunId ? path.join(dir, RUNS_DIR, lastRunId, 'report.json') : null;
    return {
      target: identity ? { baseUrl: identity.baseUrl, clientId: identity.clientId } : null,
      key: path.basename(dir),
      location: dir,
      lastRunId,
      uncertain: uncertain(dir),
      locked: lockedByLiveProcess(dir),
      ...(withReport ? { lastReport: report ? readOptionalSync(report) : null } : {}),
    } as TargetLastReport;
  });
}

/** The newest run's id (run ids sort by start time); null when there is none. */
function newestRunId(dir: string): string | null {
  try {
    const names = readdirSync(path.join(dir, RUNS_DIR), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    return names.at(-1) ?? null;
  } catch {
    return null;
  }
}

/** As readStatus has it; a status that does not read counts as uncertain (a listing never fails on one). */
function uncertain(dir: string): boolean {
  const status = readListed(path.join(dir, STATUS_FILE), TargetStatus);
  return status === 'absent' ? false : status === 'unreadable' ? true : status.uncertain;
}

function lockedByLiveProcess(dir: string): boolean {
  const info = readListed(path.join(dir, LOCK_FILE), LockInfo);
  return typeof info === 'object' && isAlive(info);
}

/** A small JSON file of a target's folder, read for a listing, which never fails on one. */
function readListed<T>(file: string, schema: z.ZodType<T>): T | 'absent' | 'unreadable' {
  let bytes: Buffer | null;
  try {
    bytes = readOptionalSync(file);
  } catch {
    return 'unreadable';
  }
  return bytes === null ? 'absent' : (parseJsonBytes(schema, bytes) ?? 'unreadable');
}
