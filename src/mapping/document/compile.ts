import type { CompiledTransform } from '../types.js';
import { compileValue, type CompiledValue, type CompileTransforms } from './compile-value.js';
import { compileExtId, type CompiledExtId } from './ext-id.js';
import { fieldCompiler, type CompiledField } from './fields.js';
import { compileOption, type CompiledOption } from './options.js';
import type { ParsedPath } from './path-syntax.js';
import { compileSelection, parseSelect, type CompiledSelection } from './records.js';
import type { DocIndex, DocumentSection } from './schema.js';

// Turns a validated `document:` section into functions, once per mapping. Every path and template
// is parsed here; running the mapping only walks the parsed steps.

export interface CompiledEntity {
  selection: CompiledSelection;
  extId: CompiledExtId;
  fields: (CompiledField | undefined)[];
  options: CompiledOption[];
  onDuplicate: 'error' | 'skip';
}

export interface CompiledProducts extends CompiledEntity {
  categoryExtId: CompiledValue | undefined;
  categoryFallback: { ext_id: string; name: string } | undefined;
  hasPrice: boolean;
}

export interface CompiledDocument {
  indexes: [string, DocIndex][];
  ignore: { reason: string; select: ParsedPath[] }[];
  categories: CompiledEntity | undefined;
  products: CompiledProducts;
  /** The shared `boolean` transform, for boolean fields whose value is text ("Y", "active"). */
  booleans: CompiledTransform;
}

export function compileDocument(section: DocumentSection, transforms: CompileTransforms): CompiledDocument {
  const fc = fieldCompiler(transforms);
  const c = section.categories;
  const p = section.products;
  return {
    indexes: Object.entries(section.indexes ?? {}),
    ignore: (section.ignore ?? []).map((rule) => ({ reason: rule.reason, select: parseSelect(rule.select) })),
    categories: c && {
      selection: compileSelection(c),
      extId: compileExtId(c.ext_id, transforms),
      fields: [
        fc.field('name', 'text', c.name),
        fc.field('description', 'text', c.description),
        fc.field('image', 'text', c.image),
        fc.field('hidden', 'boolean', c.hidden),
      ],
      options: (c.options ?? []).map((o) => compileOption(o, fc, transforms)),
      onDuplicate: c.on_duplicate ?? 'error',
    },
    products: {
      selection: compileSelection(p),
      extId: compileExtId(p.ext_id, transforms),
      categoryExtId:
        p.category_ext_id !== undefined ? compileValue(p.category_ext_id, transforms) : undefined,
      fields: [
        fc.field('name', 'text', p.name),
        fc.field('description', 'text', p.description),
        fc.field('price', 'money', p.price),
        fc.field('image', 'text', p.image),
        fc.field('hidden', 'boolean', p.hidden),
      ],
      categoryFallback: p.category_fallback,
      hasPrice: p.price !== undefined,
      options: (p.options ?? []).map((o) => compileOption(o, fc, transforms)),
      onDuplicate: p.on_duplicate ?? 'error',
    },
    booleans: transforms(['boolean']),
  };
}
