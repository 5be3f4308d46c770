import type { CompiledTransform, Scalar, TransformSink } from '../types.js';
import type { TransformStep } from '../value-schema.js';
import { parsePath, type ParsedPath } from './path-syntax.js';
import type { Aggregate, DocCondition, DocValue } from './schema.js';
import { asText, evaluatePath, isRecord, type Scope } from './select-path.js';
import { compileTemplate } from './template.js';

/** Where a value is read: the record, the document root, and the sink for transform problems. */
export interface ValueEnv {
  root: Scope;
  /** Receives issues at `path` (JSON path of the value, or of the record when it has none). */
  sink(path: string): TransformSink;
  /** The record `key` names in index `index`, entered from `ref`; undefined (reported) when none. */
  lookup(index: string, key: string, ref: Scope): Scope | undefined;
  /** Whether `key` names a record of index `index` (no issue when not: a membership test). */
  has(index: string, key: string): boolean;
  /** The source text of a number a double cannot hold, at a JSON path (DocumentSource.inexactNumbers). */
  inexactNumber?(path: string): string | undefined;
}

export type CompileTransforms = (steps: readonly TransformStep[] | undefined) => CompiledTransform;

/** A field of a record: null means "not there" and the field is left out. */
export type CompiledValue = (scope: Scope, env: ValueEnv) => Scalar;
export type CompiledCondition = (scope: Scope, env: ValueEnv) => boolean;

/**
 * `money`: the value is read as a price, so a number the document holds only as its source text
 * (a double cannot hold it: json/inexact-numbers.ts) is a located error, never a rounded price.
 */
export function compileValue(spec: DocValue, transforms: CompileTransforms, money = false): CompiledValue {
  if (typeof spec === 'number' || typeof spec === 'boolean') return () => spec;
  if (typeof spec === 'string') {
    const template = compileTemplate(spec);
    return (scope, env) => toScalar(template.value(scope, env.root));
  }
  const missing = new Set((spec.missing_if ?? []).map((v) => String(v)));
  const transform = spec.transforms?.length ? transforms(spec.transforms) : undefined;
  const when = spec.when ? compileCondition(spec.when) : undefined;
  const otherwise = spec.else !== undefined ? compileValue(spec.else, transforms) : undefined;
  if (isNumericAggregate(spec.aggregate) && spec.path !== undefined && !spec.lookup) {
    const aggregate = compileNumericAggregate(spec.path, spec.aggregate, missing, transform, money);
    return (scope, env) => {
      if (when && !when(scope, env)) return otherwise ? otherwise(scope, env) : null;
      return aggregate(scope, env);
    };
  }
  const read = compileSource(spec);
  return (scope, env) => {
    if (when && !when(scope, env)) return otherwise ? otherwise(scope, env) : null;
    const { value, path } = read(scope, env);
    const inexact = money && value !== null ? env.inexactNumber?.(path) : undefined;
    if (inexact !== undefined) {
      env
        .sink(path)
        .issue(
          'bad-price',
          'error',
          `${inexact} is not a price a number can hold exactly (it would be read as ${Number(inexact)}): left out`,
        );
      return null;
    }
    let out = value;
    if (out !== null && missing.has(String(out))) out = null;
    return transform ? transform(out, env.sink(path)) : out;
  };
}

type Reader = (scope: Scope, env: ValueEnv) => { value: Scalar; path: string };

type NumericAggregate = 'min' | 'max' | 'sum';

function isNumericAggregate(aggregate: Aggregate | undefined): aggregate is NumericAggregate {
  return aggregate === 'min' || aggregate === 'max' || aggregate === 'sum';
}

/**
 * `min`/`max`/`sum` compare amounts, not texts: each value is read through `missing_if` and the
 * transforms first (`money` turns `"4,50"` into 4.5), then combined. A value that is still no
 * number is a located `bad-number` error and takes no part, never compared as text.
 */
function compileNumericAggregate(
  path: string | string[],
  aggregate: NumericAggregate,
  missing: ReadonlySet<string>,
  transform: CompiledTransform | undefined,
  money: boolean,
): (scope: Scope, env: ValueEnv) => Scalar {
  const paths = (Array.isArray(path) ? path : [path]).map(parsePath);
  return (scope, env) => {
    for (const p of paths) {
      const matches = evaluatePath(p, scope, env.root).filter((m) => toScalar(m.value) !== null);
      if (matches.length === 0) continue;
      const numbers: number[] = [];
      for (const m of matches) {
        let value = toScalar(m.value);
        const inexact = money && value !== null ? env.inexactNumber?.(m.path) : undefined;
        if (inexact !== undefined) {
          env
            .sink(m.path)
            .issue('bad-price', 'error', `${inexact} is not a price a number can hold exactly: left out`);
          continue;
        }
        if (value !== null && missing.has(String(value))) value = null;
        if (transform) value = transform(value, env.sink(m.path));
        if (value === null) continue;
        const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
        if (Number.isFinite(n)) numbers.push(n);
        else
          env
            .sink(m.path)
            .issue(
              'bad-number',
              'error',
              `aggregate ${aggregate}: "${String(value)}" is not a number (add the money transform): left out`,
            );
      }
      if (numbers.length === 0) return null;
      if (aggregate === 'min') return Math.min(...numbers);
      if (aggregate === 'max') return Math.max(...numbers);
      return numbers.reduce((a, b) => a + b, 0);
    }
    return null;
  };
}

function compileSource(spec: Exclude<DocValue, string | number | boolean>): Reader {
  const read = compileRead(spec);
  if (!spec.lookup) return read;
  const { index } = spec.lookup;
  const key = compileTemplate(spec.lookup.key);
  // The path or template reads the record the key names (Toast: an option's guid behind its id).
  return (scope, env) => {
    const target = env.lookup(index, key.render(scope, env.root), scope);
    return target ? read(target, env) : { value: null, path: scope.path };
  };
}

function compileRead(spec: Exclude<DocValue, string | number | boolean>): Reader {
  if (spec.path !== undefined) {
    const paths = (Array.isArray(spec.path) ? spec.path : [spec.path]).map(parsePath);
    return readPaths(paths, spec.aggregate ?? 'first');
  }
  if (spec.template !== undefined) {
    const template = compileTemplate(spec.template);
    return (scope, env) => ({ value: toScalar(template.value(scope, env.root)), path: scope.path });
  }
  const constant = spec.value ?? null;
  return (scope) => ({ value: constant, path: scope.path });
}

/** Alternatives in order: the first path that reaches a non-empty value wins. */
function readPaths(paths: ParsedPath[], aggregate: Aggregate): Reader {
  return (scope, env) => {
    for (const path of paths) {
      const matches = evaluatePath(path, scope, env.root).filter((m) => toScalar(m.value) !== null);
      if (matches.length === 0) continue;
      const first = matches[0];
      if (aggregate === 'first' || !first)
        return { value: toScalar(first?.value), path: first?.path ?? scope.path };
      if (aggregate === 'count') return { value: matches.length, path: scope.path };
      const numbers = matches.map((m) => Number(m.value)).filter((n) => Number.isFinite(n));
      if (numbers.length === 0) return { value: toScalar(first.value), path: first.path };
      const value =
        aggregate === 'min'
          ? Math.min(...numbers)
          : aggregate === 'max'
            ? Math.max(...numbers)
            : numbers.reduce((a, b) => a + b, 0);
      return { value, path: scope.path };
    }
    return { value: aggregate === 'count' ? 0 : null, path: scope.path };
  };
}

/** JSON values as field values: objects and arrays are not scalars, '' is "nothing". */
export function toScalar(value: unknown): Scalar {
  if (value === undefined || value === null || isRecord(value) || Array.isArray(value)) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/** Conditions compare trimmed and case-insensitively, like table-mode conditions. */
export function compileCondition(cond: DocCondition): CompiledCondition {
  const tests: CompiledCondition[] = [];
  if (cond.path !== undefined) {
    const path = parsePath(cond.path);
    const read = (scope: Scope, env: ValueEnv): string[] =>
      evaluatePath(path, scope, env.root).map((m) => norm(asText(m.value)));
    const bare = cond.exists === undefined && !cond.in && !cond.not_in;
    if (cond.exists !== undefined || bare) {
      // `{ path: x }` alone tests that x is there.
      const want = cond.exists ?? true;
      tests.push((scope, env) => read(scope, env).some((t) => t !== '') === want);
    }
    if (cond.in) {
      const set = new Set(cond.in.map((v) => norm(String(v))));
      tests.push((scope, env) => read(scope, env).some((t) => set.has(t)));
    }
    if (cond.not_in) {
      const set = new Set(cond.not_in.map((v) => norm(String(v))));
      tests.push((scope, env) => !read(scope, env).some((t) => set.has(t)));
    }
  }
  if (cond.in_index) {
    const { index } = cond.in_index;
    const key = compileTemplate(cond.in_index.key);
    tests.push((scope, env) => env.has(index, key.render(scope, env.root)));
  }
  if (cond.all) {
    const all = cond.all.map(compileCondition);
    tests.push((scope, env) => all.every((c) => c(scope, env)));
  }
  if (cond.any) {
    const any = cond.any.map(compileCondition);
    tests.push((scope, env) => any.some((c) => c(scope, env)));
  }
  if (cond.not) {
    const not = compileCondition(cond.not);
    tests.push((scope, env) => !not(scope, env));
  }
  return (scope, env) => tests.every((t) => t(scope, env));
}

function norm(text: string): string {
  return text.trim().toLowerCase();
}
