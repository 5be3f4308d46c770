import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { hash } from 'node:crypto';
import { UsageError } from '../errors.js';
import { normalizeBaseUrl } from '../platform/menu-address.js';
import { namingSettings } from '../model/setting-names.js';
import { memoByText } from '../model/text-memo.js';

/** One menu on the platform: where it lives and whose it is, and the point of sale an import names. */
export interface Target {
  /** Config name (--target), for messages and reports only: it is not part of the identity. */
  name?: string;
  baseUrl: string;
  clientId: string;
  /** Sent as pos_uid; not part of the state's key (see targetKey). */
  posUid: string;
}

/** What names a platform menu (and its state): base URL and client id; other fields are ignored. */
export type MenuIdentity = Pick<Target, 'baseUrl' | 'clientId'> & Partial<Target>;

export const DEFAULT_STATE_DIR = '.menusync';
export const DEFAULT_POS_UID = 'default';

/** A `--state` value that names a database rather than a folder (postgres://…): passed on as is. */
export function isStateUrl(spec: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(spec);
}

/**
 * Folder name (the store's key) of a target's state: a readable slug (host, client) plus a short
 * hash of the exact two values, so two targets never share a folder even when their slugs collide.
 * pos_uid is not part of it: the platform's replace sets the client's whole menu whatever pos_uid
 * says, so every pos_uid of one client is one menu with one baseline. Folders named by
 * the older three-value key are adopted by the local store (local/legacy-folders.ts).
 */
export function targetKey(target: MenuIdentity): string {
  // One-shot hash(): a fleet status or state listing keys every target of the config.
  const digest = hash('sha256', JSON.stringify([normalizeBaseUrl(target.baseUrl), target.clientId])).slice(
    0,
    10,
  );
  const slug = slugify(`${hostOf(target.baseUrl)}-${target.clientId}`).slice(0, 60);
  return `${slug}-${digest}`;
}

/** Whether two targets are the same platform menu (what the key is made of). */
export function sameMenu(a: MenuIdentity, b: MenuIdentity): boolean {
  return normalizeBaseUrl(a.baseUrl) === normalizeBaseUrl(b.baseUrl) && a.clientId === b.clientId;
}

export function targetDir(stateDir: string, target: MenuIdentity): string {
  return path.join(stateDir, targetKey(target));
}

export { normalizeBaseUrl };

/** The base URL's host (the state key's slug starts with it), parsed once per spelling. */
export const hostOf = memoByText((baseUrl) => {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl; // the raw text still makes a slug
  }
});

export function slugify(text: string): string {
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
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw namingSettings(
      ({ message, hint }) => new UsageError(message, hint ? { hint } : undefined),
      (names) => ({
        message: `cannot create the state folder ${dir}: ${code}; nothing was sent to the platform`,
        hint: `pass ${names.state} with a folder this user can write (default .menusync/ in the current folder)`,
      }),
    );
  }
}
