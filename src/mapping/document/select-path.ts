import type { FilterValue, ParsedPath, PathFilter, PathStep } from './path-syntax.js';

/**
 * A record of the document (a category, an item, a modifier group...) with the record it was
 * reached from, so `^` can climb back up. `path` is its JSON path, used in issue locations.
 */
export interface Scope {
  value: unknown;
  path: string;
  parent?: Scope;
  /** Mapping parameters, set on the root scope only (read by `@param.<name>`). */
  params?: Readonly<Record<string, string>>;
}

/** One node a path reached, with the record it sits in. */
export interface PathMatch {
  value: unknown;
  path: string;
  scope: Scope;
}

/** Every node `path` reaches from the record `from` (`$` starts at `root`). */
export function evaluatePath(path: ParsedPath, from: Scope, root: Scope): PathMatch[] {
  let current: PathMatch[];
  if (path.start === 'param') {
    const value = root.params?.[path.param ?? ''];
    return value === undefined ? [] : [{ value, path: `@param.${path.param}`, scope: from }];
  }
  if (path.start === 'root') current = [{ value: root.value, path: root.path, scope: root }];
  else if (path.start === 'parent') current = from.parent ? [asMatch(from.parent)] : [];
  else current = [asMatch(from)];
  for (const step of path.steps) {
    current = current.flatMap((m) => applyStep(step, m, from, root));
    if (current.length === 0) break;
  }
  return current;
}

/** The records a selection reaches: each match becomes a scope whose parent is its enclosing record. */
export function selectRecords(path: ParsedPath, from: Scope, root: Scope): Scope[] {
  return evaluatePath(path, from, root)
    .filter((m) => m.value !== undefined && m.value !== null)
    .map((m) =>
      m.scope.value === m.value && m.scope.path === m.path
        ? m.scope
        : { value: m.value, path: m.path, parent: m.scope },
    );
}

/** Every record of several selections (alternative document shapes), in order. */
export function selectAll(paths: readonly ParsedPath[], from: Scope, root: Scope): Scope[] {
  return paths.flatMap((path) => selectRecords(path, from, root));
}

/** The first value a path reaches, or undefined. */
export function firstValue(path: ParsedPath, from: Scope, root: Scope): unknown {
  return evaluatePath(path, from, root)[0]?.value;
}

function asMatch(scope: Scope): PathMatch {
  return { value: scope.value, path: scope.path, scope };
}

function applyStep(step: PathStep, m: PathMatch, origin: Scope, root: Scope): PathMatch[] {
  switch (step.kind) {
    case 'property': {
      if (!isRecord(m.value) || !(step.name in m.value)) return [];
      return [{ value: m.value[step.name], path: propertyPath(m.path, step.name), scope: m.scope }];
    }
    case 'dynamic': {
      const name = asText(firstValue(step.key, origin, root));
      if (!isRecord(m.value) || name === '' || !(name in m.value)) return [];
      return [{ value: m.value[name], path: propertyPath(m.path, name), scope: m.scope }];
    }
    case 'parent':
      return m.scope.parent ? [asMatch(m.scope.parent)] : [];
    case 'wildcard':
      return elements(m);
    case 'index': {
      const all = elements(m);
      const at = step.index < 0 ? all.length + step.index : step.index;
      const hit = all[at];
      return hit ? [hit] : [];
    }
    case 'filter':
      return elements(m).filter((e) => passes(step.filter, e.value, origin, root));
  }
}

/**
 * The elements of an array, each entering a new record. A single value where an array is usual
 * counts as a one-element array: schema.org writes `hasMenuItem: {...}` when there is one item.
 */
function elements(m: PathMatch): PathMatch[] {
  if (m.value === undefined || m.value === null) return [];
  const list = Array.isArray(m.value) ? m.value : [m.value];
  return list.map((value: unknown, i) => {
    const path = Array.isArray(m.value) ? `${m.path}[${i}]` : m.path;
    return { value, path, scope: { value, path, parent: m.scope } };
  });
}

function passes(filter: PathFilter, element: unknown, origin: Scope, root: Scope): boolean {
  let node: unknown = element;
  for (const name of filter.field) node = isRecord(node) ? node[name] : undefined;
  const text = asText(node);
  switch (filter.test) {
    case 'exists':
      return text !== '' || isRecord(node) || Array.isArray(node);
    case 'missing':
      return text === '' && !isRecord(node) && !Array.isArray(node);
    case 'in':
      return filter.values.some((v) => filterText(v, origin, root) === text);
    case 'not_in':
      return !filter.values.some((v) => filterText(v, origin, root) === text);
  }
}

function filterText(value: FilterValue, origin: Scope, root: Scope): string {
  if (value.kind === 'literal') return value.text;
  return asText(firstValue(value.path, origin, root));
}

/** Scalars as text for comparisons and templates; objects, arrays and absence as ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return '';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertyPath(base: string, name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${base}.${name}` : `${base}['${name}']`;
}

/** The scope of a whole document, the `$` of every path. */
export function rootScope(document: unknown, params: Readonly<Record<string, string>> = {}): Scope {
  return { value: document, path: '$', params };
}
