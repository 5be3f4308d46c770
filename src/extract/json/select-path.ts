import { InvalidInputError } from '../../errors.js';

/** One step of a path: a key, an index, or every element. */
export type PathStep = { key: string } | { index: number } | { wildcard: true };

export interface PathMatch {
  value: unknown;
  /** Concrete path of the match, e.g. `$.categories[2].items[0]`, usable in issue locations. */
  path: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*/;

/**
 * Parses `$`, `.key`, `['key']`/`["key"]`, `[n]` and `[*]`. Nothing is evaluated: a path
 * is data from a mapping file.
 */
export function parsePath(path: string): PathStep[] {
  const bad = (why: string): never => {
    throw new InvalidInputError(`Invalid JSON path "${path}": ${why}`);
  };
  if (!path.startsWith('$')) bad('it must start with $');
  const steps: PathStep[] = [];
  let at = 1;
  while (at < path.length) {
    const rest = path.slice(at);
    if (rest.startsWith('.')) {
      const name = IDENTIFIER.exec(rest.slice(1))?.[0] ?? bad(`expected a key name at character ${at + 2}`);
      steps.push({ key: name });
      at += 1 + name.length;
    } else if (rest.startsWith('[*]')) {
      steps.push({ wildcard: true });
      at += 3;
    } else {
      const index = /^\[(\d+)\]/.exec(rest);
      const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
      if (index?.[1] !== undefined) {
        steps.push({ index: Number(index[1]) });
        at += index[0].length;
      } else if (quoted) {
        steps.push({ key: (quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1') });
        at += quoted[0].length;
      } else {
        bad(`unexpected "${rest[0]}" at character ${at + 1}`);
      }
    }
  }
  return steps;
}

function keyPath(base: string, key: string): string {
  return IDENTIFIER.exec(key)?.[0] === key ? `${base}.${key}` : `${base}['${key.replace(/['\\]/g, '\\$&')}']`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function step(match: PathMatch, next: PathStep): PathMatch[] {
  const { value, path } = match;
  if ('key' in next) {
    return isRecord(value) && Object.hasOwn(value, next.key)
      ? [{ value: value[next.key], path: keyPath(path, next.key) }]
      : [];
  }
  if (Array.isArray(value)) {
    if ('index' in next)
      return next.index < value.length ? [{ value: value[next.index], path: `${path}[${next.index}]` }] : [];
    return value.map((item, index) => ({ value: item, path: `${path}[${index}]` }));
  }
  // schema.org style: a single child is written as an object, not a one-element array. It keeps
  // its own path (no [0]) so the path still points at it in the document.
  if (isRecord(value) && ('wildcard' in next || next.index === 0)) return [match];
  return [];
}

/**
 * Every value the path selects, with its concrete path, in document order. A missing key
 * selects nothing; `[*]` over a single object selects that object (see step()).
 */
export function selectPath(document: unknown, path: string | readonly PathStep[]): PathMatch[] {
  const steps = typeof path === 'string' ? parsePath(path) : path;
  let matches: PathMatch[] = [{ value: document, path: '$' }];
  for (const next of steps) matches = matches.flatMap((match) => step(match, next));
  return matches.filter((match) => match.value !== undefined);
}
