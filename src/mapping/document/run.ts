import { moneyRules } from '../../model/currency.js';
import { InvalidInputError } from '../../errors.js';
import type { ImportCategory, ImportProduct } from '../../model/import-payload.js';
import type { DocumentSource } from '../../extract/types.js';
import type { DocumentContext, ExtractResultParts } from '../types.js';
import { compileDocument, type CompiledDocument, type CompiledEntity } from './compile.js';
import { buildOptions } from './options.js';
import { joinDocuments, type DocumentRun } from './join-documents.js';
import {
  DEFAULT_UNPRICED,
  UNPRICED_SKIP_REASON,
  entityLabel,
  unpricedReason,
  unpricedVerdict,
  type UnpricedAction,
} from '../unpriced.js';
import { buildIndex, countUnused, runSelection, RunState } from './records.js';
import { readFields } from './fields.js';
import type { DocumentSection } from './schema.js';
import { rootScope, selectAll, type Scope } from './select-path.js';
import { checkParameterValues } from './param-values.js';
import { shortenTypeNames } from './jsonld-types.js';

// Compiled once per mapping section: running the same mapping on many files parses nothing again.
const cache = new WeakMap<DocumentSection, CompiledDocument>();

/** Counted, not an error: the pages of one menu may each repeat a section. */
const REPEATED_CATEGORY = 'category an earlier input gave (first kept)';

/**
 * Maps the JSON documents of the mapping's source to categories and products (contract in
 * docs/mapping-format.md). A `many` source gives several documents (the pages of one menu): each is
 * mapped as it is, in input order, and together they make one menu.
 */
export function runDocumentMapping(section: DocumentSection, ctx: DocumentContext): ExtractResultParts {
  let doc = cache.get(section);
  if (!doc) {
    doc = compileDocument(section, ctx.transforms.compile);
    cache.set(section, doc);
  }
  const sourceName = section.source ?? Object.keys(ctx.sources)[0] ?? '';
  const given = ctx.sources[sourceName];
  const documents = given === undefined ? [] : Array.isArray(given) ? given : [given];
  if (documents.length === 0) {
    throw new InvalidInputError(
      `mapping "${ctx.mapping.name}": no JSON input is bound to source "${sourceName}"`,
    );
  }
  const earlier: EarlierIds = { categories: new Set(), products: new Set() };
  const compiled = doc;
  const runs = documents.map((source) =>
    mapDocument(compiled, section, ctx, { sourceName, source, earlier }),
  );
  return joinDocuments(runs, compiled.products.categoryFallback);
}

/** The ext_ids the documents mapped before this one gave: one menu across several inputs. */
interface EarlierIds {
  categories: Set<string>;
  products: Set<string>;
}

function mapDocument(
  doc: CompiledDocument,
  section: DocumentSection,
  ctx: DocumentContext,
  input: { sourceName: string; source: DocumentSource; earlier: EarlierIds },
): DocumentRun {
  const { source, earlier } = input;
  if (section.jsonld_types) shortenTypeNames(source.document);
  const root = rootScope(source.document, ctx.params);
  checkParameterValues(ctx.mapping, ctx.params, root, source.file, ctx.paramsName);
  const state = new RunState(root, source.file, source.inexactNumbers);
  state.money = moneyRules(ctx.mapping.money);
  for (const [name, spec] of doc.indexes) {
    const from = indexSource(spec.source, input.sourceName, ctx, section);
    state.indexes.set(name, buildIndex(name, spec, state, from));
  }
  for (const rule of doc.ignore)
    state.skip(rule.reason, selectAll(rule.select, state.root, state.root).length);

  const counter = { rows: 0 };
  const categories = doc.categories ? buildCategories(doc, doc.categories, state, counter, earlier) : [];
  const fallback = { products: 0 };
  const unpriced = ctx.mapping.unpriced ?? DEFAULT_UNPRICED;
  const products = buildProducts(doc, state, { counter, unpriced, fallback, earlier });
  for (const c of categories) earlier.categories.add(c.ext_id);
  for (const p of products) earlier.products.add(p.ext_id);
  countUnused(state);
  if (counter.rows === 0 && state.skipped.size === 0 && !isEmptyDocument(source.document)) {
    // A document of another shape (another POS's JSON) would otherwise map to an empty menu, exit 0.
    const select = (s: DocumentSection['products']['select']) => (Array.isArray(s) ? s.join(' | ') : s);
    const what = section.categories
      ? `neither categories (${select(section.categories.select)}) nor products (${select(section.products.select)}) matched anything`
      : `products (${select(section.products.select)}) matched nothing`;
    state.issue(
      'missing-value',
      'error',
      `${what} in this document: it is not the export mapping "${ctx.mapping.name}" reads (${ctx.mapping.title})`,
      '$',
    );
  }
  return {
    menu: { categories, products },
    issues: state.issues,
    skipped: [...state.skipped].map(([reason, count]) => ({ reason, count })),
    rows: counter.rows,
    fallbackProducts: fallback.products,
  };
}

/**
 * The document an index reads: its own source's, or none (an empty index) for an `optional` source
 * given no input (Lightspeed's availability: without it nothing is sold out).
 */
function indexSource(
  name: string | undefined,
  main: string,
  ctx: DocumentContext,
  section: DocumentSection,
): { root: Scope; file: string; unbound?: string } | undefined {
  if (name === undefined || name === main) return undefined;
  const given = ctx.sources[name];
  // Only the mapping's own source may take several inputs (schema.ts): an index reads one.
  const source = Array.isArray(given) ? given[0] : given;
  if (source) {
    if (section.jsonld_types) shortenTypeNames(source.document);
    return { root: rootScope(source.document, ctx.params), file: source.file };
  }
  return { root: rootScope(null, ctx.params), file: '', unbound: name };
}

function buildCategories(
  doc: CompiledDocument,
  spec: CompiledEntity,
  state: RunState,
  counter: { rows: number },
  earlier: EarlierIds,
): ImportCategory[] {
  const out: ImportCategory[] = [];
  const seen = new Set<string>();
  for (const record of runSelection(spec.selection, state.root, state)) {
    counter.rows++;
    const extId = entityId(spec, record, state, seen, 'category');
    if (extId === undefined) continue;
    if (earlier.categories.has(extId)) {
      // A section every page of a menu repeats is one category, read from the first page.
      state.skip(REPEATED_CATEGORY);
      continue;
    }
    const fields = readFields(spec.fields, record, state, doc.booleans);
    if (!keep(fields, record, state, 'category')) continue;
    seen.add(extId);
    // Category options price nothing of their own: no base price to judge variants against.
    state.root.entities = { category: extId };
    const options = buildOptions(spec.options, record, state, doc.booleans, {
      base: undefined,
      unpriced: DEFAULT_UNPRICED,
      owner: extId,
    });
    state.root.entities = undefined;
    out.push({
      ext_id: extId,
      ...fields,
      position: out.length + 1,
      ...(options.length ? { options } : {}),
    });
  }
  return out;
}

function buildProducts(
  doc: CompiledDocument,
  state: RunState,
  run: {
    counter: { rows: number };
    unpriced: UnpricedAction;
    /** Counts the products put in `category_fallback`. */
    fallback: { products: number };
    earlier: EarlierIds;
  },
): ImportProduct[] {
  const { counter, unpriced, fallback } = run;
  const spec = doc.products;
  const out: ImportProduct[] = [];
  const seen = new Set<string>();
  const positions = new Map<string, number>();
  for (const record of runSelection(spec.selection, state.root, state)) {
    counter.rows++;
    const extId = entityId(spec, record, state, seen, 'product', run.earlier.products);
    if (extId === undefined) continue;
    const before = state.issues.length;
    const fields = readFields(spec.fields, record, state, doc.booleans);
    if (!keep(fields, record, state, 'product')) continue;
    const categoryValue = spec.categoryExtId?.(record, state) ?? null;
    let category = categoryValue === null ? '' : String(categoryValue).trim();
    if (category === '') {
      if (spec.categoryFallback) {
        category = spec.categoryFallback.ext_id;
        fallback.products++;
      } else {
        // The platform's read API reaches products through their category only: one without is lost.
        state.issue(
          'missing-value',
          'error',
          `product "${extId}" has no category (give products.category_fallback)`,
          record.path,
        );
      }
    }
    // A price with its own problem (not a number, implausible, `variable`) is not reported twice.
    if (spec.hasPrice && typeof fields.price !== 'number' && !reportedPrice(state, before)) {
      state.issue('missing-value', 'warning', `product "${extId}" has no price`, record.path);
    }
    seen.add(extId);
    const base = typeof fields.price === 'number' ? fields.price : undefined;
    // `@product` in the options' values: an option's id can name its product (ids never shared).
    state.root.entities = { product: extId };
    const options = buildOptions(spec.options, record, state, doc.booleans, { base, unpriced, owner: extId });
    state.root.entities = undefined;
    const product: ImportProduct = {
      ext_id: extId,
      ...(category ? { category_ext_id: category } : {}),
      ...fields,
      ...(options.length ? { options } : {}),
    };
    if (!judgePrice(product, unpriced, record.path, state)) continue;
    const position = (positions.get(category) ?? 0) + 1;
    positions.set(category, position);
    out.push({ ...product, position });
  }
  return out;
}

/** False when the product is left out: visible without a real price and `unpriced: skip`. */
function judgePrice(product: ImportProduct, action: UnpricedAction, path: string, state: RunState): boolean {
  const reason = unpricedReason(product);
  if (reason === undefined) return true;
  const verdict = unpricedVerdict(action, entityLabel('product', product), reason);
  state.issue('unpriced', verdict.severity, verdict.message, path);
  if (verdict.outcome === 'hide') product.hidden = true;
  if (verdict.outcome !== 'skip') return true;
  state.skip(UNPRICED_SKIP_REASON);
  return false;
}

/** True when a price issue was raised since `before` (the issues of the record being read). */
function reportedPrice(state: RunState, before: number): boolean {
  for (let i = before; i < state.issues.length; i++) {
    if (state.issues[i]?.code === 'bad-price') return true;
  }
  return false;
}

/** The record's ext_id, or undefined (with an issue or a counted skip) when it cannot be used. */
function entityId(
  spec: CompiledEntity,
  record: Scope,
  state: RunState,
  seen: ReadonlySet<string>,
  entity: 'category' | 'product',
  /** Ext_ids an earlier input of the run gave. */
  earlier?: ReadonlySet<string>,
): string | undefined {
  const extId = spec.extId.render(record, state).trim();
  if (extId === '') {
    state.issue('empty-ext-id', 'error', `${entity} ext_id "${spec.extId.source}" is empty`, record.path);
    return undefined;
  }
  const again = seen.has(extId) ? '' : earlier?.has(extId) ? ' (given by an earlier input)' : undefined;
  if (again !== undefined) {
    if (spec.onDuplicate === 'skip') state.skip(`${entity} listed again (first kept)`);
    else
      state.issue(
        'duplicate-ext-id',
        'error',
        `${entity} ext_id "${extId}" appears again${again}; left out`,
        record.path,
      );
    return undefined;
  }
  return extId;
}

/** False (with the reason recorded) when the record must be left out. */
function keep(fields: Record<string, unknown>, record: Scope, state: RunState, entity: string): boolean {
  const skip = state.takePendingSkip();
  if (skip) {
    state.skip(skip);
    return false;
  }
  if (typeof fields.name !== 'string' || fields.name.trim() === '') {
    state.issue('missing-value', 'error', `${entity} has no name; left out`, record.path);
    return false;
  }
  return true;
}

/** `null`, `{}`, `[]` (or a document of only empty containers at the top): an empty export. */
function isEmptyDocument(document: unknown): boolean {
  if (document === null || document === undefined) return true;
  if (Array.isArray(document)) return document.length === 0;
  if (typeof document === 'object') return Object.keys(document).length === 0;
  return false;
}
