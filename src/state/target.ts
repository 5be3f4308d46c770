import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { UsageError } from '../errors.js';

/** One menu on the platform: where it lives, whose it is and which point of sale it belongs to. */
export interface Target {
  /** Config name (--target), for messages and reports only: it is not part of the identity. */
  name?: string;
  baseUrl: string;
  clientId: string;
  posUid: string;
}

export const DEFAULT_STATE_DIR = '.menusync';
export const DEFAULT_POS_UID = 'default';

/**
 * Folder name of a target's state: a readable slug (host, client, pos) plus a short hash of the
 * exact three values, so two targets never share a folder even when their slugs collide.
 */
export function targetKey(target: Target): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([normalizeBaseUrl(target.baseUrl), target.clientId, target.posUid]))
    .digest('hex')
    .slice(0, 10);
  let host = target.baseUrl;
  try {
    host = new URL(target.baseUrl).host;
  } catch {
    /* keep the raw text for the slug */
  }
  const slug = slugify(`${host}-${target.clientId}-${target.posUid}`).slice(0, 60);
  return `${slug}-${hash}`;
}

export function targetDir(stateDir: string, target: Target): string {
  return path.join(stateDir, targetKey(target));
}

/** A trailing slash does not make another platform. */
function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'target'
  );
}

/**
 * Creates the target's state folder (and the state folder itself) if needed. A path that cannot
 * be a folder (it runs through a file, or this user may not write there) is the user's `--state`:
 * a one-line usage error (exit 2), as `plan` reports it, not an unexpected failure.
 */
export async function ensureTargetDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`cannot create the state folder ${dir}: ${code}; nothing was sent to the platform`, {
      hint: 'pass --state with a folder this user can write (default .menusync/ in the current folder)',
    });
  }
}
