import { createHash } from 'node:crypto';
import { hostOf, slugify, type MenuIdentity, type Target } from '../target.js';

/**
 * The folder name older versions (one state per pos_uid) gave a target's state: the slug and hash of base URL,
 * client id AND pos_uid. Only to find such folders (local/legacy-folders.ts); never written.
 */
export function legacyTargetKey(target: Pick<Target, 'baseUrl' | 'clientId' | 'posUid'>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([spelledBaseUrl(target.baseUrl), target.clientId, target.posUid]))
    .digest('hex')
    .slice(0, 10);
  const slug = slugify(`${hostOf(target.baseUrl)}-${target.clientId}-${target.posUid}`).slice(0, 60);
  return `${slug}-${hash}`;
}

/** How versions before the WHATWG normalisation spelled a base URL in a key: trailing slashes dropped, nothing else. */
function spelledBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The folder name versions before the WHATWG normalisation gave a target's state: the same slug
 * and hash as targetKey, of the base URL as it was spelled (`HTTP://Host:080/`). Only to find
 * such folders; never written.
 */
export function spelledTargetKey(target: MenuIdentity): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([spelledBaseUrl(target.baseUrl), target.clientId]))
    .digest('hex')
    .slice(0, 10);
  const slug = slugify(`${hostOf(target.baseUrl)}-${target.clientId}`).slice(0, 60);
  return `${slug}-${hash}`;
}
