import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write.js';
import { mapChunked, readOptionalSync } from './listing-reads.js';
import { legacyTargetKey, spelledTargetKey } from './local/legacy-key.js';
import { targetKey, type Target } from './target.js';

/**
 * A target's folder is named by a hash of its identity, which cannot be read back; target.json
 * beside the snapshot says whose folder it is, so `plan` can find the target when it is the only
 * one in the state folder.
 */
export const TARGET_FILE = 'target.json';

export const TargetIdentity = z.object({
  baseUrl: z.string().min(1),
  clientId: z.string().min(1),
  /** Written by versions whose key held the pos_uid (legacy folders); no longer part of the key. */
  posUid: z.string().min(1).optional(),
});
export type TargetIdentity = z.infer<typeof TargetIdentity>;

/**
 * Written by every apply whose folder does not already say it (small, not synced: it can always
 * be written again). Read first: a nightly fleet rewrote 10,000 unchanged files (issue 32).
 */
export async function writeTargetIdentity(dir: string, target: Target): Promise<void> {
  const identity: TargetIdentity = { baseUrl: target.baseUrl, clientId: target.clientId };
  const file = path.join(dir, TARGET_FILE);
  const text = `${JSON.stringify(identity, null, 2)}\n`;
  let current: string | null = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    /* not there yet, or unreadable: written below */
  }
  if (current !== text) await writeFileAtomic(file, text, { durable: false });
}

export interface LegacyFolder {
  name: string;
  identity: TargetIdentity;
}

/** The state folder's one folder that is not a target: fleet runs' reports (src/fleet/fleet-files.ts). */
export const FLEET_RUNS_DIR = 'fleet-runs';

export interface StateTargets {
  /** Targets whose folder carries a target.json that matches the folder's name. */
  known: TargetIdentity[];
  /**
   * Folders named by an older key (base URL, client id and pos_uid; or the base URL as it was
   * spelled, before it was normalised), which the local store adopts as its client's folder
   * (local/legacy-folders.ts).
   */
  legacy: LegacyFolder[];
  /** Other folders of the state folder (older menusync, or edited by hand): whose, we cannot say. */
  unknown: string[];
}

/** The targets of a state folder; a state folder that does not exist holds none. */
export async function listStateTargets(stateDir: string): Promise<StateTargets> {
  let names: string[];
  try {
    names = (await readdir(stateDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && entry.name !== FLEET_RUNS_DIR)
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { known: [], legacy: [], unknown: [] };
    throw error;
  }
  const result: StateTargets = { known: [], legacy: [], unknown: [] };
  const identities = await mapChunked(names, (name) => readIdentity(path.join(stateDir, name)));
  for (const [i, name] of names.entries()) {
    const identity = identities[i]!;
    // The current key first: an adopted folder keeps its old target.json until the next apply.
    if (identity && targetKey(identity) === name) result.known.push(identity);
    else if (identity?.posUid && legacyTargetKey({ ...identity, posUid: identity.posUid }) === name)
      result.legacy.push({ name, identity: { ...identity, posUid: identity.posUid } });
    else if (identity && spelledTargetKey(identity) === name) result.legacy.push({ name, identity });
    else result.unknown.push(name);
  }
  return result;
}

function readIdentity(dir: string): TargetIdentity | null {
  try {
    const bytes = readOptionalSync(path.join(dir, TARGET_FILE));
    const parsed = TargetIdentity.safeParse(bytes === null ? null : JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Missing, unreadable or not JSON: a folder we cannot vouch for, which only makes the choice ambiguous.
    return null;
  }
}
