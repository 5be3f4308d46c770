import type { ValueSpec } from '../value-schema.js';
import { describeColumnRef } from './columns.js';
import type { CompileContext, CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';

// `product.ext_id: { first_of: [...] }` (Odoo: External ID, Internal Reference, Barcode, the name
// last): which alternative identified the products decides what survives a rename, so the run
// counts them and says so in a note.

/** The alternatives the header has, and how many kept products each one identified. */
export interface IdSources {
  labels: string[];
  counts: number[];
  /** The alternative that gave the last value read; the assembler counts it for a kept product. */
  last: number;
}

/**
 * A first_of of two or more alternatives, counting which one gave each value; undefined for any
 * other spec, or when no alternative is in the header (the plain compile reports that).
 */
export function compileIdSources(
  spec: ValueSpec,
  ctx: CompileContext,
  field: string,
): { fn: CompiledValue; sources: IdSources } | undefined {
  if (typeof spec !== 'object' || spec.first_of === undefined || spec.first_of.length < 2) return undefined;
  if (spec.transforms !== undefined && spec.transforms.length > 0) return undefined;
  const alternatives = spec.first_of
    .map((s) => ({ label: labelOf(s, ctx), compiled: compileValue(s, ctx, field, true) }))
    .filter((a) => a.compiled.resolved);
  if (alternatives.length === 0) return undefined;
  const sources: IdSources = {
    labels: alternatives.map((a) => a.label),
    counts: alternatives.map(() => 0),
    last: 0,
  };
  const fns = alternatives.map((a) => a.compiled.fn);
  return {
    fn: (cells, context) => {
      for (let i = 0; i < fns.length; i++) {
        const v = (fns[i] as CompiledValue)(cells, context);
        if (v !== null && v !== '') {
          sources.last = i;
          return v;
        }
      }
      return null;
    },
    sources,
  };
}

function labelOf(spec: ValueSpec, ctx: CompileContext): string {
  if (typeof spec === 'string') return /^\{[^{}()@]+\}$/.test(spec) ? `"${spec.slice(1, -1)}"` : spec;
  if (spec.column !== undefined) return describeColumnRef(spec.column, ctx.params);
  return spec.template ?? JSON.stringify(spec);
}
