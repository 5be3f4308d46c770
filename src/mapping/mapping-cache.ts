import { statSync } from 'node:fs';
import type { Mapping } from './schema.js';

/**
 * Parsed mappings of this process, by absolute path, each with the file's identity when it was
 * read. A fleet of 10,000 targets names one mapping 10,000 times: parsing and validating it each
 * time cost about a millisecond per target (issue 32). The entry is used only while the file's
 * size, inode and modification times are those it was parsed from, so an edited mapping is read
 * again, as before; the mapping is frozen so no run can change what the next one gets.
 */
const parsed = new Map<string, { identity: string; mapping: Mapping }>();

/** size, inode, mtime and ctime in nanoseconds (any write changes one); null: not a readable file. */
export async function mappingIdentity(file: string): Promise<string | null> {
  try {
    const info = statSync(file, { bigint: true });
    return info.isFile() ? `${info.size}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}` : null;
  } catch {
    return null;
  }
}

/** The mapping parsed from `file` when it had `identity`, if it was kept. */
export function cachedMapping(file: string, identity: string): Mapping | undefined {
  const entry = parsed.get(file);
  return entry?.identity === identity ? entry.mapping : undefined;
}

/**
 * Keeps `mapping`, parsed from `file`, under the identity taken before the file was read: a file
 * changed while it was read has another identity by the next load, which then reads it again.
 */
export function keepMapping(file: string, identity: string, mapping: Mapping): Mapping {
  parsed.set(file, { identity, mapping: deepFreeze(mapping) });
  return mapping;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
