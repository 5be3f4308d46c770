import type { LookupOptions } from '../value-schema.js';
import type { CompiledTransform, Scalar } from './types.js';

/** Translates values through a table (keys trimmed, case-insensitive), e.g. status words to booleans. */
export function compileLookup(options: LookupOptions): CompiledTransform {
  const table = new Map<string, Scalar>();
  for (const [from, to] of Object.entries(options.map)) table.set(from.trim().toLowerCase(), to);
  const otherwise = options.otherwise ?? 'keep';
  const warned = new Set<string>();
  return (value, sink) => {
    if (value === null) return null;
    const key = String(value).trim().toLowerCase();
    if (table.has(key)) return table.get(key) ?? null;
    if (otherwise === 'null') return null;
    if (otherwise === 'warn' && !warned.has(key)) {
      // Once per distinct value: a 100k-row file with one odd status should not print 100k lines.
      warned.add(key);
      sink.issue('unseen-enum-value', 'warning', `no lookup entry for "${String(value)}"`);
    }
    return value;
  };
}
