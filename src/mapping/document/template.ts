import {
  placeholderCall,
  placeholderText,
  scanTemplate,
  type PlaceholderFunction,
} from '../transforms/template-syntax.js';
import { parsePath, PathSyntaxError, type ParsedPath } from './path-syntax.js';
import { asText, evaluatePath, firstValue, type Scope } from './select-path.js';

// Templates such as "cat-{slug(name)}" or "{^.id}:{id}", compiled once per mapping, in the one
// template syntax (transforms/template-syntax.ts, shared with table mappings, with its functions,
// errors and trimming): `{path}` inserts the first value the path reaches ('' when none), trimmed;
// `{fn(path)}` applies a text function; `{join(path)}` joins every value the path reaches with ", "
// (schema.org's suitableForDiet list), since a path, unlike a cell, can reach several values.

type Part = { kind: 'text'; text: string } | { kind: 'path'; path: ParsedPath; fn?: PlaceholderFunction };

export interface CompiledTemplate {
  source: string;
  /** The text, with every placeholder filled in. */
  render(scope: Scope, root: Scope): string;
  /**
   * A template that is exactly one `{path}` yields the value itself (a number stays a number, so
   * `price: "{price}"` needs no parsing); any other template yields its text.
   */
  value(scope: Scope, root: Scope): unknown;
}

export function compileTemplate(source: string): CompiledTemplate {
  const parts = parseTemplate(source);
  const render = (scope: Scope, root: Scope): string =>
    parts
      .map((part) => {
        if (part.kind === 'text') return part.text;
        if (part.fn === 'join') {
          return placeholderText(
            'join',
            evaluatePath(part.path, scope, root).map((m) => asText(m.value)),
          );
        }
        return placeholderText(part.fn, [asText(firstValue(part.path, scope, root))]);
      })
      .join('')
      .trim();
  const only = parts.length === 1 && parts[0]?.kind === 'path' && !parts[0].fn ? parts[0].path : undefined;
  return {
    source,
    render,
    value: only ? (scope, root) => trimmed(firstValue(only, scope, root)) : render,
  };
}

function parseTemplate(source: string): Part[] {
  const fail = (detail: string, at: number) => new PathSyntaxError(source, at, detail);
  return scanTemplate(source, fail).map((token) =>
    token.kind === 'text' ? token : placeholder(token.body, source, token.at),
  );
}

/** A value kept as it is (a number stays a number), its text trimmed as every placeholder's is. */
function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function placeholder(inner: string, source: string, at: number): Part {
  const fail = (detail: string, where: number) => new PathSyntaxError(source, where, detail);
  const { fn, reads } = placeholderCall(inner, at, 'a path', fail);
  return { kind: 'path', path: parseInner(reads, source, at), ...(fn ? { fn } : {}) };
}

function parseInner(inner: string, source: string, at: number): ParsedPath {
  if (inner === '') throw new PathSyntaxError(source, at, 'empty "{}"');
  try {
    return parsePath(inner);
  } catch (err) {
    if (err instanceof PathSyntaxError) throw new PathSyntaxError(source, at + 1 + err.position, err.detail);
    throw err;
  }
}
