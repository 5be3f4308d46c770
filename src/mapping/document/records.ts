import { DEFAULT_MONEY_RULES, type MoneyRules } from '../../model/money.js';
import type { DataIssue } from '../../model/data-issue.js';
import type { TransformSink } from '../types.js';
import { compileCondition, type CompiledCondition, type ValueEnv } from './compile-value.js';
import { parsePath, type ParsedPath } from './path-syntax.js';
import type { DocSelect } from './schema.js';
import type { DocIndex, DocLookup, DocSkipRule } from './schema.js';
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
    const entry = key === '' ? undefined : this.indexes.get(index)?.entries.get(key);
    if (entry) entry.used = true;
    return entry !== undefined;
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
  entries: Map<string, IndexEntry>;
  unused?: string;
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
  const key = compileTemplate(spec.key);
  const entries = new Map<string, IndexEntry>();
  for (const scope of selectAll(select, from.root, from.root)) {
    const id = key.render(scope, from.root);
    if (id === '') continue;
    if (entries.has(id)) {
      state.issue(
        'duplicate-ext-id',
        'warning',
        `index "${name}": key "${id}" appears again; the first wins`,
        scope.path,
        from.file,
      );
      continue;
    }
    entries.set(id, { scope, used: false });
  }
  return {
    name,
    entries,
    ...(spec.unused ? { unused: spec.unused } : {}),
    ...(from.unbound ? { unbound: from.unbound } : {}),
  };
}

/** Counts, under the index's `unused` reason, the records no lookup ever reached. */
export function countUnused(state: RunState): void {
  for (const index of state.indexes.values()) {
    if (!index.unused) continue;
    let n = 0;
    for (const entry of index.entries.values()) if (!entry.used) n++;
    state.skip(index.unused, n);
  }
}

export function parseSelect(select: DocSelect): ParsedPath[] {
  return (Array.isArray(select) ? select : [select]).map(parsePath);
}

export interface CompiledSelection {
  select: ParsedPath[];
  lookup?: { index: string; key: CompiledTemplate };
  skip: { reason: string; when: CompiledCondition }[];
}

export function compileSelection(spec: {
  select: DocSelect;
  lookup?: DocLookup | undefined;
  skip?: DocSkipRule[] | undefined;
}): CompiledSelection {
  return {
    select: parseSelect(spec.select),
    ...(spec.lookup ? { lookup: { index: spec.lookup.index, key: compileTemplate(spec.lookup.key) } } : {}),
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
    const record = sel.lookup ? resolve(sel.lookup, selected, state) : selected;
    if (!record) continue;
    const rule = sel.skip.find((r) => r.when(record, state));
    if (rule) state.skip(rule.reason);
    else out.push(record);
  }
  return out;
}

function resolve(
  lookup: NonNullable<CompiledSelection['lookup']>,
  ref: Scope,
  state: RunState,
): Scope | undefined {
  return resolveKey(lookup.index, lookup.key.render(ref, state.root), ref, state);
}

function resolveKey(name: string, key: string, ref: Scope, state: RunState): Scope | undefined {
  const index = state.indexes.get(name);
  const entry = key === '' ? undefined : index?.entries.get(key);
  if (!entry) {
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
    return undefined;
  }
  entry.used = true;
  return { value: entry.scope.value, path: entry.scope.path, parent: ref };
}
