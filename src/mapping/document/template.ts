import { slugify } from '../transforms/slug.js';
import { parsePath, PathSyntaxError, type ParsedPath } from './path-syntax.js';
import { asText, evaluatePath, firstValue, type Scope } from './select-path.js';

// Templates such as "cat-{slug(name)}" or "{^.id}:{id}", compiled once per mapping.
// `{path}` inserts the first value the path reaches ('' when none); `{fn(path)}` applies one of a
// closed list of text functions; `{join(path)}` inserts every value the path reaches, joined with
// ", " (schema.org's suitableForDiet list); `{{` and `}}` are literal braces.

const FUNCTIONS = {
  slug: slugify,
  lower: (s: string) => s.toLowerCase(),
  upper: (s: string) => s.toUpperCase(),
  trim: (s: string) => s.trim(),
} as const;
type FunctionName = keyof typeof FUNCTIONS | 'join';

type Part = { kind: 'text'; text: string } | { kind: 'path'; path: ParsedPath; fn?: FunctionName };

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
        return part.fn ? FUNCTIONS[part.fn](text) : text;
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
  const parts: Part[] = [];
  let text = '';
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    const next = source.charAt(i + 1);
    if ((c === '{' && next === '{') || (c === '}' && next === '}')) {
      text += c;
      i++;
    } else if (c === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) throw new PathSyntaxError(source, i, 'unclosed "{"');
      if (text) parts.push({ kind: 'text', text });
      text = '';
      parts.push(placeholder(source.slice(i + 1, end).trim(), source, i));
      i = end;
    } else if (c === '}') {
      throw new PathSyntaxError(source, i, 'unmatched "}" (write "}}" for a literal brace)');
    } else {
      text += c;
    }
  }
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

function placeholder(inner: string, source: string, at: number): Part {
  const call = /^([a-z_]+)\((.*)\)$/.exec(inner);
  if (call) {
    const fn = call[1] ?? '';
    if (!(fn in FUNCTIONS) && fn !== 'join') {
      throw new PathSyntaxError(
        source,
        at,
        `unknown function "${fn}" (known: ${[...Object.keys(FUNCTIONS), 'join'].join(', ')})`,
      );
    }
    return { kind: 'path', path: parseInner(call[2] ?? '', source, at), fn: fn as FunctionName };
  }
  return { kind: 'path', path: parseInner(inner, source, at) };
}

function parseInner(inner: string, source: string, at: number): ParsedPath {
  if (inner.trim() === '') throw new PathSyntaxError(source, at, 'empty "{}"');
  try {
    return parsePath(inner.trim());
  } catch (err) {
    if (err instanceof PathSyntaxError) throw new PathSyntaxError(source, at + 1 + err.position, err.detail);
    throw err;
  }
}
