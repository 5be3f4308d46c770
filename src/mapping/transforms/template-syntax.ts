import { slugify } from './slug.js';

// The one template syntax of mapping files, table and document alike: `{...}` is a placeholder,
// `{fn(...)}` applies one of a closed list of functions, `{{` and `}}` are literal braces.
// What a placeholder's inside names (a column, `@name`, a JSON path) is up to each kind of mapping;
// the braces, the functions, their errors and the trimming of the text are here once, so a
// template means the same in both (test/mapping/template-modes.test.ts). No code is ever generated.

const FUNCTIONS = {
  slug: slugify,
  lower: (text: string) => text.toLowerCase(),
  upper: (text: string) => text.toUpperCase(),
  trim: (text: string) => text.trim(),
} as const;

export type TemplateFunction = keyof typeof FUNCTIONS;
export const TEMPLATE_FUNCTIONS = Object.keys(FUNCTIONS) as TemplateFunction[];

export function applyTemplateFunction(fn: TemplateFunction | undefined, text: string): string {
  return fn ? FUNCTIONS[fn](text) : text;
}

/** A piece of a template: literal text, or a placeholder's trimmed inside where it starts. */
export type TemplateToken =
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; body: string; /** Index of its "{" in the template. */ at: number };

/** What went wrong, and where (index into the template): each kind of mapping words its own error. */
export type TemplateErrorFactory = (detail: string, at: number) => Error;

/** Splits a template into text and placeholders; braces that do not pair up are errors. */
export function scanTemplate(template: string, fail: TemplateErrorFactory): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let text = '';
  for (let i = 0; i < template.length; i += 1) {
    const c = template.charAt(i);
    const next = template.charAt(i + 1);
    if ((c === '{' && next === '{') || (c === '}' && next === '}')) {
      text += c;
      i += 1;
    } else if (c === '{') {
      const end = closingBrace(template, i);
      if (end < 0) throw fail('unclosed "{"', i);
      if (text !== '') tokens.push({ kind: 'text', text });
      text = '';
      const body = template.slice(i + 1, end).trim();
      if (body === '') throw fail('empty "{}"', i);
      tokens.push({ kind: 'placeholder', body, at: i });
      i = end;
    } else if (c === '}') {
      throw fail('unmatched "}" (write "}}" for a literal brace)', i);
    } else {
      text += c;
    }
  }
  if (text !== '') tokens.push({ kind: 'text', text });
  return tokens;
}

/**
 * The `}` that closes the placeholder opened at `open`, or -1. Braces inside it nest, so a path
 * such as `title.translations[{@param.lang}]` can be a placeholder's path.
 */
function closingBrace(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i += 1) {
    if (template.charAt(i) === '{') depth += 1;
    else if (template.charAt(i) === '}' && --depth === 0) return i;
  }
  return -1;
}

const CALL = /^([a-z_]+)\((.*)\)$/s;

/** `fn(inside)` split into the function's name and its trimmed argument; null when the body is no call. */
export function templateCall(body: string): { name: string; argument: string } | null {
  const call = CALL.exec(body);
  return call ? { name: call[1] ?? '', argument: (call[2] ?? '').trim() } : null;
}

/** A placeholder's functions: the text functions, and `join` (every value it reaches). */
export type PlaceholderFunction = TemplateFunction | 'join';
const PLACEHOLDER_FUNCTIONS: readonly string[] = [...TEMPLATE_FUNCTIONS, 'join'];

/**
 * A placeholder's body as its function and what it reads (`noun`: "a column", "a path"). A body
 * shaped as a call names a known function or is an error: `{slg(Name)}` is a typo to report at
 * load, never a column or path named "slg(Name)" that reads nothing.
 */
export function placeholderCall(
  body: string,
  at: number,
  noun: string,
  fail: TemplateErrorFactory,
): { fn?: PlaceholderFunction; reads: string } {
  const call = templateCall(body);
  if (!call) return { reads: body };
  if (!PLACEHOLDER_FUNCTIONS.includes(call.name)) {
    throw fail(`unknown function "${call.name}" (known: ${PLACEHOLDER_FUNCTIONS.join(', ')})`, at);
  }
  if (call.argument === '') throw fail(`${call.name}() needs ${noun}`, at);
  return { fn: call.name as PlaceholderFunction, reads: call.argument };
}

/**
 * A placeholder's text from the values it reaches, in both kinds of mapping: each value trimmed;
 * `join` gives the non-empty ones joined with ", ", any other the first through its function.
 * A table cell is one value, so there `join(Column)` is the cell's text. A rendered template is
 * trimmed as a whole as well.
 */
export function placeholderText(fn: PlaceholderFunction | undefined, values: readonly string[]): string {
  if (fn === 'join') {
    return values
      .map((value) => value.trim())
      .filter((text) => text !== '')
      .join(', ');
  }
  return applyTemplateFunction(fn, (values[0] ?? '').trim());
}
