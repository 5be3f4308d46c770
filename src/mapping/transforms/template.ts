import type { CellValue } from '../../extract/types.js';
import { slugify } from './slug.js';

// `{Column}`, `{fn(Column)}`, `{@name}`, `{@param.x}`; `{{` and `}}` are literal braces. Parsed once
// per mapping into parts; rendering a row is a loop over the parts (no code is ever generated).

export const TEMPLATE_FUNCTIONS = ['slug', 'lower', 'upper', 'trim'] as const;
export type TemplateFunction = (typeof TEMPLATE_FUNCTIONS)[number];

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'column'; name: string; fn?: TemplateFunction }
  | { kind: 'context'; name: string; fn?: TemplateFunction };

export class TemplateSyntaxError extends Error {}

const CALL = /^([a-z_]+)\((.*)\)$/s;

export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '{' && template[i + 1] === '{') {
      text += '{';
      i += 2;
    } else if (ch === '}' && template[i + 1] === '}') {
      text += '}';
      i += 2;
    } else if (ch === '{') {
      const end = template.indexOf('}', i + 1);
      if (end < 0) throw new TemplateSyntaxError(`unclosed "{" in template "${template}"`);
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      parts.push(parsePlaceholder(template.slice(i + 1, end).trim(), template));
      i = end + 1;
    } else if (ch === '}') {
      throw new TemplateSyntaxError(`unmatched "}" in template "${template}" (write "}}" for a brace)`);
    } else {
      text += ch;
      i += 1;
    }
  }
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}

function parsePlaceholder(body: string, template: string): TemplatePart {
  if (body === '') throw new TemplateSyntaxError(`empty "{}" in template "${template}"`);
  let fn: TemplateFunction | undefined;
  let name = body;
  const call = CALL.exec(body);
  if (call && (TEMPLATE_FUNCTIONS as readonly string[]).includes(call[1] ?? '')) {
    fn = call[1] as TemplateFunction;
    name = (call[2] ?? '').trim();
    if (name === '') throw new TemplateSyntaxError(`${fn}() needs a column in template "${template}"`);
  }
  if (name.startsWith('@')) return { kind: 'context', name: name.slice(1), ...(fn ? { fn } : {}) };
  return { kind: 'column', name, ...(fn ? { fn } : {}) };
}

export function applyTemplateFunction(fn: TemplateFunction | undefined, text: string): string {
  switch (fn) {
    case undefined:
      return text;
    case 'slug':
      return slugify(text);
    case 'lower':
      return text.toLowerCase();
    case 'upper':
      return text.toUpperCase();
    case 'trim':
      return text.trim();
  }
}

/** Context values a template can read with `{@...}`: name, product, option. */
export type TemplateContext = Readonly<Record<string, string | undefined>>;

export type RenderTemplate = (cells: readonly CellValue[], context: TemplateContext) => string;

/**
 * Compiles parsed parts against resolved column indexes. `columnIndex` returns undefined for a
 * column that is not in the file (the caller decides whether that is an error); `params` are fixed.
 */
export function compileTemplate(
  parts: readonly TemplatePart[],
  columnIndex: (name: string) => number | undefined,
  params: Readonly<Record<string, string>>,
): RenderTemplate {
  type Step = (cells: readonly CellValue[], context: TemplateContext) => string;
  const steps: Step[] = parts.map((part): Step => {
    if (part.kind === 'text') return () => part.text;
    if (part.kind === 'context') {
      if (part.name.startsWith('param.')) {
        const fixed = applyTemplateFunction(part.fn, params[part.name.slice(6)] ?? '');
        return () => fixed;
      }
      return (_cells, context) => applyTemplateFunction(part.fn, context[part.name] ?? '');
    }
    const index = columnIndex(part.name);
    if (index === undefined) return () => '';
    return (cells) => applyTemplateFunction(part.fn, cellText(cells[index]));
  });
  if (steps.length === 1) {
    const only = steps[0] as Step;
    return (cells, context) => only(cells, context).trim();
  }
  return (cells, context) => {
    let out = '';
    for (const step of steps) out += step(cells, context);
    return out.trim();
  };
}

export function cellText(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? cell.trim() : String(cell);
}

/** Column names a template reads (for resolution and missing-column reports). */
export function templateColumns(parts: readonly TemplatePart[]): string[] {
  return parts.flatMap((p) => (p.kind === 'column' ? [p.name] : []));
}
