import { createHash } from 'node:crypto';
import type { CanonicalMenu } from '../model/canonical-menu.js';

/**
 * JSON with object keys sorted at every level (array order kept), so equal data gives equal bytes
 * whatever order its keys were built in. Undefined object members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    if (record[key] !== undefined) sorted[key] = sortKeys(record[key]);
  }
  return sorted;
}

/** sha256 (hex) of the menu's canonical JSON: saved plans use it to notice that a baseline moved on. */
export function hashMenu(menu: CanonicalMenu): string {
  return createHash('sha256').update(canonicalJson(menu)).digest('hex');
}
