import { descendants, inDocumentOrder, memberPath } from './descend.js';
import type { FilterValue, ParsedPath, PathFilter, PathStep } from './path-syntax.js';
import type { PathMatch, Scope } from './scope.js';

export type { PathMatch, Scope } from './scope.js';

/** Every node `path` reaches from the record `from` (`$` starts at `root`). */
export function evaluatePath(path: ParsedPath, from: Scope, root: Scope): PathMatch[] {
  let current: PathMatch[];
  if (path.start === 'param') {
    const value = root.params?.[path.param ?? ''];
    return value === undefined ? [] : [{ value, path: `@param.${path.param}`, scope: from }];
  }
  if (path.start === 'entity') {
    const value = path.entity ? root.entities?.[path.entity] : undefined;
    return value === undefined ? [] : [{ value, path: from.path, scope: from }];
  }
  if (path.start === 'root') current = [{ value: root.value, path: root.path, scope: root }];
  else if (path.start === 'parent') current = from.parent ? [asMatch(from.parent)] : [];
  else current = [asMatch(from)];
  let visited: PathMatch[] | undefined;
  for (const step of path.steps) {
    if (step.kind === 'descend') {
      const below = current.flatMap(descendants);
      visited ??= below;
      current = below;
      continue;
    }
    current = current.flatMap((m) => applyStep(step, m, path, root, from));
    if (current.length === 0) break;
  }
  return visited ? onceEach(inDocumentOrder(current, visited)) : current;
}

/**
 * After `..` one node can be reached twice: `$..[?type=GROUP]` filters a list (its elements) and
 * then each element on its own (a lone object counts as a one-element list). A node is one match:
 * the first, reached through its list, is kept (it has its `@key`).
 */
function onceEach(matches: PathMatch[]): PathMatch[] {
  if (matches.length < 2) return matches;
  const seen = new Set<string>();
  const out: PathMatch[] = [];
  for (const m of matches) {
    if (seen.has(m.path)) continue;
    seen.add(m.path);
    out.push(m);
  }
  return out;
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

function applyStep(
  step: Exclude<PathStep, { kind: 'descend' }>,
  m: PathMatch,
  path: ParsedPath,
  root: Scope,
  origin: Scope,
): PathMatch[] {
  switch (step.kind) {
    case 'property': {
      if (!isRecord(m.value) || !Object.hasOwn(m.value, step.name)) return [];
      return [{ value: m.value[step.name], path: memberPath(m.path, step.name), scope: m.scope }];
    }
    case 'dynamic': {
      const name = asText(firstValue(step.key, origin, root));
      if (!isRecord(m.value) || name === '' || !Object.hasOwn(m.value, name)) return [];
      return [{ value: m.value[name], path: memberPath(m.path, name), scope: m.scope }];
    }
    case 'parent':
      return m.scope.parent ? [asMatch(m.scope.parent)] : [];
    case 'key':
      return m.scope.key === undefined ? [] : [{ value: m.scope.key, path: m.path, scope: m.scope }];
    case 'members':
      return members(m);
    case 'wildcard':
      return listElements(m, path, root, '[*]');
    case 'index': {
      const all = listElements(m, path, root, `[${step.index}]`);
      const at = step.index < 0 ? all.length + step.index : step.index;
      const hit = all[at];
      return hit ? [hit] : [];
    }
    case 'filter':
      return listElements(m, path, root, '[?...]').filter((e) => passes(step.filter, e.value, origin, root));
  }
}

/**
 * The elements of an array, each entering a new record. A single value where an array is usual
 * counts as a one-element array: schema.org writes `hasMenuItem: {...}` when there is one item.
 */
function elements(m: PathMatch): PathMatch[] {
  if (m.value === undefined || m.value === null) return [];
  if (!Array.isArray(m.value)) {
    return [{ value: m.value, path: m.path, scope: { value: m.value, path: m.path, parent: m.scope } }];
  }
  return m.value.map((value: unknown, i) => {
    const path = `${m.path}[${i}]`;
    return { value, path, scope: { value, path, key: i, parent: m.scope } };
  });
}

/** The elements `[*]`, `[n]` and `[?...]` read: a lookup table keyed by id is a located error. */
function listElements(m: PathMatch, path: ParsedPath, root: Scope, step: string): PathMatch[] {
  if (!isKeyedObject(m.value)) return elements(m);
  root.report?.(
    m.path,
    `"${path.source}": ${step} met an object keyed by ${describeKeys(m.value)}, not a list; write .* for its values (each with its key as @key)`,
  );
  return [];
}

/** `.*`: an object's member values in document order, each a record keyed by its member name. */
function members(m: PathMatch): PathMatch[] {
  if (Array.isArray(m.value)) return elements(m);
  if (!isRecord(m.value)) return [];
  return Object.entries(m.value).map(([key, value]) => {
    const path = memberPath(m.path, key);
    return { value, path, scope: { value, path, key, parent: m.scope } };
  });
}

/**
 * A lookup table keyed by id (Toast's `modifierGroupReferences: {"101": {...}}`), which `[*]` must
 * not take for one lone record: every member is an object, and there are several or the one key
 * starts with a digit. A JSON-LD node (`@type`, `@id`) is a record however it looks.
 */
function isKeyedObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 0 || keys.some((k) => k.startsWith('@'))) return false;
  if (keys.length === 1 && !/^\d/.test(keys[0] ?? '')) return false;
  return keys.every((k) => isRecord(value[k]));
}

function describeKeys(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  const shown = keys.slice(0, 3).map((k) => `"${k}"`);
  return `${shown.join(', ')}${keys.length > 3 ? `... (${keys.length} keys)` : ''}`;
}

function passes(filter: PathFilter, element: unknown, origin: Scope, root: Scope): boolean {
  let node: unknown = element;
  for (const name of filter.field) node = isRecord(node) ? node[name] : undefined;
  const text = asText(node);
  switch (filter.test) {
    case 'exists':
      return text !== '' || nonEmptyContainer(node);
    case 'missing':
      return text === '' && !nonEmptyContainer(node);
    case 'in':
      return filter.values.some((v) => matches(node, text, filterText(v, origin, root)));
    case 'not_in':
      return !filter.values.some((v) => matches(node, text, filterText(v, origin, root)));
  }
}

/**
 * A field that is a non-empty list matches when one of its elements does: Uber Eats' menus name
 * their categories in `category_ids: [...]`, and `$.menus[?category_ids={id}]` finds the menus
 * that list a category.
 */
function matches(node: unknown, text: string, wanted: string): boolean {
  if (Array.isArray(node) && node.length > 0) return node.some((e) => asText(e) === wanted && wanted !== '');
  return text === wanted;
}

/**
 * `[?menuItems]` keeps a group that has items: an empty list is "empty". An object, even `{}`, is a
 * record that is there (Square's untyped `{id, modifier_data: {}}` objects are told apart by it).
 */
function nonEmptyContainer(node: unknown): boolean {
  return Array.isArray(node) ? node.length > 0 : isRecord(node);
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

/** The scope of a whole document, the `$` of every path. */
export function rootScope(document: unknown, params: Readonly<Record<string, string>> = {}): Scope {
  return { value: document, path: '$', params };
}
