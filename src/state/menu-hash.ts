import { createHash } from 'node:crypto';

/**
 * sha256 of a canonical JSON form (object keys sorted, array order kept: order is meaning here,
 * positions come from it). Two menus with the same content hash equal however they were built.
 */
export function hashJson(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}
