import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { runDocumentMapping } from '../../src/mapping/document/run.js';
import { DocumentMapping } from '../../src/mapping/schema.js';
import { compileTransforms } from '../../src/mapping/transforms/index.js';
import type { ExtractResultParts } from '../../src/mapping/types.js';
import { REPO_ROOT } from '../mappings/helpers.js';

/** Loads a shipped mapping by name (schema-checked) for the document engine. */
export function loadDocumentMapping(name: string): DocumentMapping {
  const text = readFileSync(path.join(REPO_ROOT, 'mappings', name, 'mapping.yaml'), 'utf8');
  return DocumentMapping.parse(parse(text));
}

/** Runs a document mapping on an in-memory document, as extractMenu would after opening the input. */
export function runOn(
  mapping: DocumentMapping,
  document: unknown,
  params: Record<string, string> = {},
  file = 'input.json',
): ExtractResultParts {
  const sourceName = mapping.document.source ?? Object.keys(mapping.sources)[0] ?? 'input';
  const defaults = Object.entries(mapping.parameters ?? {}).flatMap(([k, p]) =>
    p.default !== undefined ? [[k, p.default] as const] : [],
  );
  return runDocumentMapping(mapping.document, {
    mapping,
    params: { ...Object.fromEntries(defaults), ...params },
    sources: { [sourceName]: { kind: 'document', file, document, issues: [] } },
    transforms: { compile: compileTransforms },
  });
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

export function counts(parts: ExtractResultParts) {
  const options = [...parts.menu.categories, ...parts.menu.products].flatMap((e) => e.options ?? []);
  return {
    categories: parts.menu.categories.length,
    products: parts.menu.products.length,
    options: options.length,
    option_values: options.reduce((n, o) => n + (o.option_values?.length ?? 0), 0),
    errors: parts.issues.filter((i) => i.severity === 'error').length,
  };
}

/** A document mapping written inline in a test, schema-checked like a file. */
export function mappingOf(
  document: unknown,
  parameters?: Record<string, { description: string; default?: string }>,
): DocumentMapping {
  return DocumentMapping.parse({
    version: 1,
    name: 'inline',
    title: 'Inline test mapping',
    description: 'A mapping written inside a test.',
    ...(parameters ? { parameters } : {}),
    sources: { doc: { format: 'json' } },
    kind: 'document',
    document: withFallbackCategory(document),
  });
}

/**
 * Products with no category of their own go to one fallback category, as a mapping must say
 * (one without a category does not load); most tests are about something else.
 */
function withFallbackCategory(document: unknown): unknown {
  if (typeof document !== 'object' || document === null) return document;
  const products = (document as { products?: Record<string, unknown> }).products;
  if (!products || 'category_ext_id' in products || 'category_fallback' in products) return document;
  return { ...document, products: { ...products, category_fallback: { ext_id: 'menu', name: 'Menu' } } };
}
