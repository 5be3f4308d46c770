import { createHash } from 'node:crypto';
import { hostOf, normalizeBaseUrl, slugify, type Target } from '../target.js';

/**
 * The folder name versions before issue 12 gave a target's state: the slug and hash of base URL,
 * client id AND pos_uid. Only to find such folders (local/legacy-folders.ts); never written.
 */
export function legacyTargetKey(target: Pick<Target, 'baseUrl' | 'clientId' | 'posUid'>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([normalizeBaseUrl(target.baseUrl), target.clientId, target.posUid]))
    .digest('hex')
    .slice(0, 10);
  const slug = slugify(`${hostOf(target.baseUrl)}-${target.clientId}-${target.posUid}`).slice(0, 60);
  return `${slug}-${hash}`;
}
