import type { ColumnRef } from '../value-schema.js';

// Column references resolve against the real header once per source, never per row.

export interface ResolvedColumn {
  index: number;
  header: string;
}

/**
 * Exact header first, then case-insensitive (first such header wins). Every column found is
 * recorded as read by the mapping: a record that lacks one of those cells was cut (short-records.ts).
 */
export class HeaderIndex {
  private readonly exact = new Map<string, number>();
  private readonly folded = new Map<string, number>();
  private readonly read = new Set<number>();
  constructor(readonly headers: readonly string[]) {
    headers.forEach((h, i) => {
      const name = h.trim();
      if (!this.exact.has(name)) this.exact.set(name, i);
      const key = name.toLowerCase();
      if (!this.folded.has(key)) this.folded.set(key, i);
    });
  }

  find(name: string): ResolvedColumn | undefined {
    const trimmed = name.trim();
    const index = this.exact.get(trimmed) ?? this.folded.get(trimmed.toLowerCase());
    if (index === undefined) return undefined;
    this.read.add(index);
    return { index, header: this.headers[index] ?? name };
  }

  /** Records a column the mapping reads that was found without `find` (patterns, set columns). */
  markRead(index: number): void {
    this.read.add(index);
  }

  /** The indexes of the columns the mapping reads, ascending. */
  readColumns(): number[] {
    return [...this.read].sort((a, b) => a - b);
  }
}

/** Parameters as the compiler sees them: wildcards (undefined) get bound by the first pattern match. */
export type ParamBindings = Map<string, string | undefined>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles `Price [{store}]` into a regular expression over whole headers. Bound parameters are
 * literal text; unbound ones (and `capture`, e.g. `name` for modifier sets) match any text.
 */
export function patternRegExp(
  pattern: string,
  params: ParamBindings,
  capture?: string,
  flags = '',
): { regexp: RegExp; groups: string[] } {
  const groups: string[] = [];
  let source = '';
  let last = 0;
  for (const m of pattern.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    source += escapeRegExp(pattern.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    const bound = name === capture ? undefined : params.get(name);
    if (bound !== undefined) source += escapeRegExp(bound);
    else {
      groups.push(name);
      source += '(.+?)';
    }
  }
  source += escapeRegExp(pattern.slice(last));
  return { regexp: new RegExp(`^${source}$`, flags), groups };
}

/** Resolves a pattern to the first matching header (exact case first), binding wildcard parameters. */
export function resolvePattern(
  headers: HeaderIndex,
  pattern: string,
  params: ParamBindings,
): ResolvedColumn | undefined {
  for (const flags of ['', 'i']) {
    const { regexp, groups } = patternRegExp(pattern, params, undefined, flags);
    for (let index = 0; index < headers.headers.length; index++) {
      const header = (headers.headers[index] ?? '').trim();
      const m = regexp.exec(header);
      if (!m) continue;
      groups.forEach((name, g) => params.set(name, m[g + 1]));
      headers.markRead(index);
      return { index, header };
    }
  }
  return undefined;
}

export function resolveColumnRef(
  headers: HeaderIndex,
  ref: ColumnRef,
  params: ParamBindings,
): ResolvedColumn | undefined {
  if (typeof ref === 'string') return headers.find(ref);
  if (Array.isArray(ref)) {
    for (const name of ref) {
      const found = headers.find(name);
      if (found) return found;
    }
    return undefined;
  }
  const patterns = Array.isArray(ref.pattern) ? ref.pattern : [ref.pattern];
  for (const pattern of patterns) {
    const found = resolvePattern(headers, pattern, params);
    if (found) return found;
  }
  return undefined;
}

/** A pattern with its bound parameters filled in: `Price [{store}]` with store=Nowhere is `Price [Nowhere]`. */
export function substitutePattern(pattern: string, params: ParamBindings): string {
  return pattern.replace(PLACEHOLDER, (whole, name: string) => params.get(name) ?? whole);
}

/** The header names a reference looked for, as the user would write them (parameters filled in). */
export function describeColumnRef(ref: ColumnRef, params?: ParamBindings): string {
  if (typeof ref === 'string') return `"${ref}"`;
  if (Array.isArray(ref)) return ref.map((r) => `"${r}"`).join(' or ');
  const patterns = Array.isArray(ref.pattern) ? ref.pattern : [ref.pattern];
  return patterns.map((p) => `"${params ? substitutePattern(p, params) : p}"`).join(' or ');
}

/**
 * The values `param` takes in this header: the ref's patterns matched with `param` as a wildcard
 * (`Price [{store}]` over `Price [Chillo]`, `Price [Hulhumale]` gives Chillo, Hulhumale).
 */
export function parameterValues(
  headers: HeaderIndex,
  ref: ColumnRef,
  param: string,
  params: ParamBindings,
): string[] {
  if (typeof ref === 'string' || Array.isArray(ref)) return [];
  const patterns = Array.isArray(ref.pattern) ? ref.pattern : [ref.pattern];
  const free: ParamBindings = new Map(params);
  free.set(param, undefined);
  const values = new Set<string>();
  for (const pattern of patterns) {
    const { regexp, groups } = patternRegExp(pattern, free, undefined, 'i');
    const g = groups.indexOf(param);
    if (g < 0) continue;
    for (const header of headers.headers) {
      const value = regexp.exec(header.trim())?.[g + 1];
      if (value !== undefined) values.add(value);
    }
  }
  return [...values];
}

/** The parameters a column pattern names (`{store}`). */
export function patternParameters(ref: ColumnRef): string[] {
  if (typeof ref === 'string' || Array.isArray(ref)) return [];
  const patterns = Array.isArray(ref.pattern) ? ref.pattern : [ref.pattern];
  return [...new Set(patterns.flatMap((p) => [...p.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')))];
}
