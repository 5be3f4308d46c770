import { DEFAULT_MONEY_RULES, type MoneyRules } from '../../model/money.js';
import type { DataIssue } from '../../model/data-issue.js';
import type { TransformSink } from '../types.js';
import { compileCondition, type CompiledCondition, type ValueEnv } from './compile-value.js';
import { parsePath, type ParsedPath } from './path-syntax.js';
import type { DocSelect } from './schema.js';
import type { DocIndex, DocLookupHops, DocSkipRule } from './schema.js';
import { selectAll, type Scope } from './select-path.js';
import { compileTemplate, type CompiledTemplate } from './template.js';

// Record selection and the relations between records: lookups of ids in indexes, counted skips.

/** Everything one run accumulates; also the ValueEnv that compiled values read from. */
export class RunState implements ValueEnv {
  readonly issues: DataIssue[] = [];
  readonly skipped = new Map<string, number>();
  readonly indexes = new Map<string, IndexState>();
  /** Set by a transform that asks for its record to be skipped (money `variable: skip`). */
  pendingSkip: string | undefined;
  /** The mapping's currency: how amounts are rounded and bounded. */
  money: MoneyRules = DEFAULT_MONEY_RULES;

  private readonly reported = new Set<string>();

  constructor(
    readonly root: Scope,
    readonly file: string,
    private readonly inexact: ReadonlyMap<string, string> | undefined = undefined,
  ) {
    // A path that meets data it cannot read (an id-keyed object under [*]) says so once per place.
    root.report = (path, message) => {
      const key = `${path}\n${message}`;
      if (this.reported.has(key)) return;
      this.reported.add(key);
      this.issue('not-a-list', 'error', message, path);
    };
  }

  issue(
    code: DataIssue['code'],
    severity: DataIssue['severity'],
    message: string,
    path: string,
    file = this.file,
  ): void {
    this.issues.push({ code, severity, message, location: { file, path } });
  }

  skip(reason: string, count = 1): void {
    if (count > 0) this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + count);
  }

  sink(path: string): TransformSink {
    return {
      issue: (code, severity, message) => this.issue(code, severity, message, path),
      skip: (reason) => {
        this.pendingSkip ??= reason;
      },
    };
  }

  inexactNumber(path: string): string | undefined {
    return this.inexact?.get(path);
  }

  lookup(index: string, key: string, ref: Scope): Scope | undefined {
    return resolveKey(index, key, ref, this);
  }

  has(index: string, key: string): boolean {
    const entries = key === '' ? undefined : this.indexes.get(index)?.entries.get(key);
    for (const entry of entries ?? []) entry.used = true;
    return entries !== undefined;
  }

  /** The skip a transform asked for while the current record was built, cleared. */
  takePendingSkip(): string | undefined {
    const reason = this.pendingSkip;
    this.pendingSkip = undefined;
    return reason;
  }
}

interface IndexEntry {
  scope: Scope;
  used: boolean;
}

export interface IndexState {
  name: string;
  /** One record per key, or every record of a key in a `multiple` index (a link table). */
  entries: Map<string, IndexEntry[]>;
  unused?: string;
  reportUnused?: 'warning' | 'error';
  /** The file its records are in, for `report_unused`. */
  file: string;
  /** The optional source it reads, when that source was given no input (said in lookups' errors). */
  unbound?: string;
}

/**
 * The records of an index by key. `from` is the document it reads: the mapping's own (`state.root`)
 * or another source's (`indexes.<name>.source`), whose problems name that source's file.
 */
export function buildIndex(
  name: string,
  spec: DocIndex,
  state: RunState,
  from: { root: Scope; file: string; unbound?: string } = { root: state.root, file: state.file },
): IndexState {
  const select = parseSelect(spec.select);
  const keysOf = indexKeys(spec, from.root);
  const entries = new Map<string, IndexEntry[]>();
  for (const scope of selectAll(select, from.root, from.root)) {
    // One entry per record, under each of its keys: `used` is the record's, whichever key reached it.
    const entry: IndexEntry = { scope, used: false };
    for (const id of keysOf(scope)) {
      const known = entries.get(id);
      if (!known) entries.set(id, [entry]);
      else if (spec.multiple) {
        if (known.at(-1) !== entry) known.push(entry);
      } else if (known[0] !== entry) {
        state.issue(
          'duplicate-ext-id',
          'warning',
          `index "${name}": key "${id}" appears again; the first wins`,
          scope.path,
          from.file,
        );
      }
    }
  }
  return {
    name,
    entries,
    file: from.file,
    ...(spec.unused ? { unused: spec.unused } : {}),
    ...(spec.report_unused ? { reportUnused: spec.report_unused } : {}),
    ...(from.unbound ? { unbound: from.unbound } : {}),
  };
}

/** The keys of one index record: its `key` template, or every value its `keys` path reaches. */
function indexKeys(spec: DocIndex, root: Scope): (scope: Scope) => string[] {
  if (spec.keys !== undefined) {
    const path = parsePath(spec.keys);
    return (scope) =>
      selectAll([path], scope, root)
        .map((s) => s.value)
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map((v) => String(v).trim())
        .filter((v) => v !== '');
  }
  const key = compileTemplate(spec.key ?? '');
  return (scope) => {
    const id = key.render(scope, root);
    return id === '' ? [] : [id];
  };
}

/**
 * Counts, under the index's `unused` reason, the records no lookup ever reached; with
 * `report_unused` each is also a located issue (a link row naming a dish the export lacks).
 */
export function countUnused(state: RunState): void {
  for (const index of state.indexes.values()) {
    if (!index.unused && !index.reportUnused) continue;
    const seen = new Set<IndexEntry>();
    for (const [key, list] of index.entries) {
      for (const entry of list) {
        if (entry.used || seen.has(entry)) continue;
        seen.add(entry);
        if (index.reportUnused)
          state.issue(
            'unknown-reference',
            index.reportUnused,
            `index "${index.name}": the record with key "${key}" is reached by no lookup${index.unused ? ` (${index.unused})` : ''}`,
            entry.scope.path,
            index.file,
          );
      }
    }
    if (index.unused) state.skip(index.unused, seen.size);
  }
}

export function parseSelect(select: DocSelect): ParsedPath[] {
  return (Array.isArray(select) ? select : [select]).map(parsePath);
}

export interface CompiledSelection {
  select: ParsedPath[];
  /** Hops followed in order; each reached record is looked up by the next hop's key. */
  lookup?: { index: string; key: CompiledTemplate }[];
  skip: { reason: string; when: CompiledCondition }[];
}

export function compileSelection(spec: {
  select: DocSelect;
  lookup?: DocLookupHops | undefined;
  skip?: DocSkipRule[] | undefined;
}): CompiledSelection {
  const hops = spec.lookup === undefined ? [] : Array.isArray(spec.lookup) ? spec.lookup : [spec.lookup];
  return {
    select: parseSelect(spec.select),
    ...(hops.length > 0
      ? { lookup: hops.map((hop) => ({ index: hop.index, key: compileTemplate(hop.key) })) }
      : {}),
    skip: (spec.skip ?? []).map((rule) => ({ reason: rule.reason, when: compileCondition(rule.when) })),
  };
}

/**
 * The records a selection reaches from `from`. With a lookup, each selected reference is replaced
 * by the record it names, whose `^` is then the reference (so `^.^` is the referring record).
 */
export function runSelection(sel: CompiledSelection, from: Scope, state: RunState): Scope[] {
  const out: Scope[] = [];
  for (const selected of selectAll(sel.select, from, state.root)) {
    let records = [selected];
    // Each hop replaces every record by those its key names: a link table fans out, linearly.
    for (const hop of sel.lookup ?? [])
      records = records.flatMap((ref) => resolveAll(hop.index, hop.key.render(ref, state.root), ref, state));
    for (const record of records) {
      const rule = sel.skip.find((r) => r.when(record, state));
      if (rule) state.skip(rule.reason);
      else out.push(record);
    }
  }
  return out;
}

/** A value's lookup: the first record the key names. */
function resolveKey(name: string, key: string, ref: Scope, state: RunState): Scope | undefined {
  return resolveAll(name, key, ref, state)[0];
}

/** Every record the key names (one, except in a `multiple` index); none is an unknown-reference error. */
function resolveAll(name: string, key: string, ref: Scope, state: RunState): Scope[] {
  const index = state.indexes.get(name);
  const entries = key === '' ? undefined : index?.entries.get(key);
  if (!entries) {
    state.issue(
      'unknown-reference',
      'error',
      key === ''
        ? `empty reference into "${name}"`
        : `no record in "${name}" has key "${key}"${
            index?.unbound ? ` (source "${index.unbound}" was given no input)` : ''
          }`,
      ref.path,
    );
    return [];
  }
  return entries.map((entry) => {
    entry.used = true;
    return { value: entry.scope.value, path: entry.scope.path, parent: ref };
  });
}
