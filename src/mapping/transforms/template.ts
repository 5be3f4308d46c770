import type { CellValue } from '../../extract/types.js';
import {
  placeholderCall,
  placeholderText,
  scanTemplate,
  type PlaceholderFunction,
} from './template-syntax.js';
import { memoByText } from '../../model/text-memo.js';

// A table mapping's templates: `{Column}`, `{fn(Column)}`, `{@name}`, `{@param.x}` in the one
// template syntax (template-syntax.ts, shared with document mappings). Parsed once per mapping
// into parts; rendering a row is a loop over the parts.

export { applyTemplateFunction, TEMPLATE_FUNCTIONS, type TemplateFunction } from './template-syntax.js';

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'column'; name: string; fn?: PlaceholderFunction }
  | { kind: 'context'; name: string; fn?: PlaceholderFunction };

export class TemplateSyntaxError extends Error {}

export function parseTemplate(template: string): TemplatePart[] {
  const fail = (detail: string) => new TemplateSyntaxError(`${detail} in template "${template}"`);
  return scanTemplate(template, fail).map((token) => {
    if (token.kind === 'text') return token;
    // A body shaped as a call names a known function (else an error); any other is a column name
    // (or `@name`) as written: `{Body (HTML)}`.
    const { fn, reads: name } = placeholderCall(token.body, token.at, 'a column', fail);
    if (name.startsWith('@')) return { kind: 'context', name: name.slice(1), ...(fn ? { fn } : {}) };
    return { kind: 'column', name, ...(fn ? { fn } : {}) };
  });
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
        const fixed = placeholderText(part.fn, [params[part.name.slice(6)] ?? '']);
        return () => fixed;
      }
      const { name, fn } = part;
      // `{@constructor}` must not find the context object's prototype: only its own text counts.
      const read = (context: TemplateContext) => {
        const value = context[name];
        return typeof value === 'string' ? value : '';
      };
      if (!fn) return (_cells, context) => read(context).trim();
      const apply = memoByText((text) => placeholderText(fn, [text]));
      return (_cells, context) => apply(read(context));
    }
    const index = columnIndex(part.name);
    if (index === undefined) return () => '';
    const fn = part.fn;
    // cellText trims already: the same text as placeholderText(undefined, [cell]), without the call.
    if (!fn) return (cells) => cellText(cells[index]);
    const apply = memoByText((text) => placeholderText(fn, [text]));
    return (cells) => apply(cellText(cells[index]));
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
