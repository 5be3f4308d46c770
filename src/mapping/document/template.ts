import {
  applyTemplateFunction,
  isTemplateFunction,
  scanTemplate,
  TEMPLATE_FUNCTIONS,
  templateCall,
  type TemplateFunction,
} from '../transforms/template-syntax.js';
import { parsePath, PathSyntaxError, type ParsedPath } from './path-syntax.js';
import { asText, evaluatePath, firstValue, type Scope } from './select-path.js';

// Templates such as "cat-{slug(name)}" or "{^.id}:{id}", compiled once per mapping, in the one
// template syntax (transforms/template-syntax.ts, shared with table mappings): `{path}` inserts the
// first value the path reaches ('' when none); `{fn(path)}` applies a text function. Document
// templates add `{join(path)}`: every value the path reaches, joined with ", " (schema.org's
// suitableForDiet list), since a path, unlike a cell, can reach several values.

type DocumentFunction = TemplateFunction | 'join';
type Part = { kind: 'text'; text: string } | { kind: 'path'; path: ParsedPath; fn?: DocumentFunction };

/** Every non-empty value the path reaches, as text, joined: `Vegan, Gluten free`. */
function joined(path: ParsedPath, scope: Scope, root: Scope): string {
  return evaluatePath(path, scope, root)
    .map((m) => asText(m.value).trim())
    .filter((text) => text !== '')
    .join(', ');
}

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
        if (part.fn === 'join') return joined(part.path, scope, root);
        const text = asText(firstValue(part.path, scope, root));
        return applyTemplateFunction(part.fn, text);
      })
      .join('');
  const only = parts.length === 1 && parts[0]?.kind === 'path' && !parts[0].fn ? parts[0].path : undefined;
  return {
    source,
    render,
    value: only ? (scope, root) => firstValue(only, scope, root) : render,
  };
}

function parseTemplate(source: string): Part[] {
  const fail = (detail: string, at: number) => new PathSyntaxError(source, at, detail);
  return scanTemplate(source, fail).map((token) =>
    token.kind === 'text' ? token : placeholder(token.body, source, token.at),
  );
}

function placeholder(inner: string, source: string, at: number): Part {
  const call = templateCall(inner);
  if (!call) return { kind: 'path', path: parseInner(inner, source, at) };
  if (!isTemplateFunction(call.name) && call.name !== 'join') {
    throw new PathSyntaxError(
      source,
      at,
      `unknown function "${call.name}" (known: ${[...TEMPLATE_FUNCTIONS, 'join'].join(', ')})`,
    );
  }
  return { kind: 'path', path: parseInner(call.argument, source, at), fn: call.name };
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
