import { slugify } from './slug.js';

// The one template syntax of mapping files, table and document alike: `{...}` is a placeholder,
// `{fn(...)}` applies one of a closed list of text functions, `{{` and `}}` are literal braces.
// What a placeholder's inside names (a column, `@name`, a JSON path) is up to each kind of mapping;
// the braces, the functions and their errors are here once. No code is ever generated.

const FUNCTIONS = {
  slug: slugify,
  lower: (text: string) => text.toLowerCase(),
  upper: (text: string) => text.toUpperCase(),
  trim: (text: string) => text.trim(),
} as const;

export type TemplateFunction = keyof typeof FUNCTIONS;
export const TEMPLATE_FUNCTIONS = Object.keys(FUNCTIONS) as TemplateFunction[];

export function isTemplateFunction(name: string): name is TemplateFunction {
  return Object.hasOwn(FUNCTIONS, name);
}

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
