import { hash } from 'node:crypto';

/**
 * A PostgreSQL advisory lock key (a signed 64-bit integer, passed as text) for what `parts`
 * name. The schema is always one of the parts: two stores in one database (tests, or two teams
 * with their own ?schema=) must not lock each other's targets.
 */
export function advisoryKey(...parts: string[]): string {
  return hash('sha256', `menusync\0${parts.join('\0')}`, 'buffer')
    .readBigInt64BE(0)
    .toString();
}

/** The two 32-bit halves pg_locks shows a bigint advisory key as (classid, objid), unsigned. */
export function keyHalves(key: string): { high: string; low: string } {
  const value = BigInt.asUintN(64, BigInt(key));
  return { high: (value >> 32n).toString(), low: (value & 0xffffffffn).toString() };
}
