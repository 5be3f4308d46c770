import type { TableRecord } from '../../extract/types.js';
import type { CanonicalMenu } from '../../model/canonical-menu.js';
import type { ImportCategory, ImportOption, ImportProduct } from '../../model/import-payload.js';
import { implausiblePriceMessage, isImplausiblePrice } from '../../model/money.js';
import { toCents } from './cents.js';
import { newProduct } from './new-product.js';
import { SharedNames } from './shared-names.js';
import { flattenCategoryPath } from '../transforms/category-path.js';
import { sameNameLoosely } from '../transforms/slug.js';
import type { TemplateContext } from '../transforms/template.js';
import type { Scalar } from '../types.js';
import type { CompileContext } from './compile-context.js';
import type { CompiledCategory, CompiledSale, CompiledTable } from './compile.js';
import { saleWindow } from '../sale-window.js';
import type { ExtractNote } from '../types.js';
import { modifierOptions, movedSetOption } from './modifier-sets.js';
import { variantOption, type PendingVariant } from './variant-option.js';
import { expandAny, parentLists } from './any-values.js';
import { buildRowOptions, readOptionRow, type PendingOption } from './row-options.js';

import {
  UNPRICED_SKIP_REASON,
  entityLabel,
  unpricedReason,
  unpricedVerdict,
  type UnpricedAction,
} from '../unpriced.js';

/** An "any" variation's value that another variation of the product names itself. */
export const ANY_NAMED_TWICE_REASON = 'value of an "any" variation another variation names';

/** A continuation row that gave no option value and is no variant: counted under this reason. */
export const UNUSED_ROW_REASON = 'continuation row with no option value';

const text = (v: Scalar): string | undefined => (v === null || v === '' ? undefined : String(v));
// Shared so that evaluating a field allocates nothing for its template context.
const NO_CONTEXT: TemplateContext = Object.freeze({});

/** A product whose head row has been read; variant rows join it as they stream by. */
export interface OpenProduct {
  product: ImportProduct;
  /** The head row, named when a later row joins a product that cannot take it (no variants). */
  row: number;
  // Flat fields rather than small objects: a 100k-product menu keeps one OpenProduct per product
  // alive until the end, and every object kept is one more for the garbage collector to move.
  /** From variants.option.ext_id; undefined for its default, derived by `optionExtIdOf`. */
  optionExtId: string | undefined;
  /** Undefined until the head or a variant row gives one (variant-option.ts names it then). */
  optionName: string | undefined;
  /**
   * The first variant, in fields of its own (`firstRow` 0: none yet): most products of a big
   * export have one variant or none, and a PendingVariant object per product was ~6 MB more for
   * the garbage collector to copy on 100k products.
   */
  firstRow: number;
  firstName: string | undefined;
  firstExtId: string | undefined;
  firstPrice: number | undefined;
  firstHidden: boolean | undefined;
  firstPriceMissing: boolean;
  firstExpanded: boolean;
  /** `variants.base: flagged`: the first variant row is the one flagged as the default. */
  firstFlagged?: true;
  /** The variants after the first, created on the second one. */
  more: PendingVariant[] | undefined;
  /** `variants.value.any`: the head row's list of values per attribute; undefined without it. */
  anyLists: string[][] | undefined;
  /** Shared, frozen options of the product's modifier sets (modifier-sets.ts). */
  sets: ImportOption[] | undefined;
  /** Values read for `table.options` so far; undefined when the mapping has none. */
  pending: PendingOption[] | undefined;
  /** product.price is mapped but its cell was empty (no other issue said so): warned if no variant prices it. */
  priceMissing: boolean;
}

/** What a head row became when it gave no product: skipped (reason) or dropped (an error said why). */
export type ClosedGroup = { skipped: string } | { dropped: true };

export function isOpen(group: OpenProduct | ClosedGroup): group is OpenProduct {
  return 'product' in group;
}

/**
 * Keeps a variant on its product: the first in the product's own fields (no object for it), the
 * others in `more`. Every PendingVariant is built in one literal shape, `expanded` undefined or true.
 */
function addVariant(
  open: OpenProduct,
  row: number,
  name: string | undefined,
  extId: string | undefined,
  price: number | undefined,
  hidden: boolean | undefined,
  priceMissing: boolean,
  expanded: boolean,
  flagged = false,
): void {
  if (open.firstRow === 0) {
    if (flagged) open.firstFlagged = true;
    open.firstRow = row;
    open.firstName = name;
    open.firstExtId = extId;
    open.firstPrice = price;
    open.firstHidden = hidden;
    open.firstPriceMissing = priceMissing;
    open.firstExpanded = expanded;
    return;
  }
  const pending: PendingVariant = {
    row,
    name,
    extId,
    price,
    hidden,
    priceMissing,
    expanded: expanded ? true : undefined,
    ...(flagged ? { flagged: true as const } : {}),
  };
  if (open.more) open.more.push(pending);
  else open.more = [pending];
}

/** All the variants of a product, the first one first. */
function variantsOf(open: OpenProduct): PendingVariant[] {
  const first: PendingVariant = {
    row: open.firstRow,
    name: open.firstName,
    extId: open.firstExtId,
    price: open.firstPrice,
    hidden: open.firstHidden,
    priceMissing: open.firstPriceMissing,
    expanded: open.firstExpanded ? true : undefined,
    ...(open.firstFlagged ? { flagged: true as const } : {}),
  };
  return open.more === undefined ? [first] : [first, ...open.more];
}

function anyExpanded(variants: readonly PendingVariant[]): boolean {
  for (let i = 0; i < variants.length; i++) if (variants[i]?.expanded) return true;
  return false;
}

/** The variant option's ext_id: the mapped one, else (template default or empty) `{ext_id}-variant`. */
function optionExtIdOf(open: OpenProduct): string {
  // Kept once derived: every variant row's templates read it, and the option keeps it.
  return (open.optionExtId ??= `${open.product.ext_id}-variant`);
}

/**
 * Builds the menu while the rows stream: a head row becomes a product at once, a variant row a
 * small pending variant; nothing keeps the rows' cells, so a 100k-row file is not held in memory.
 */
export class MenuAssembler {
  private readonly categories = new Map<string, ImportCategory>();
  private readonly open: OpenProduct[] = [];
  private readonly productIds = new Set<string>();
  private readonly positions = new Map<string, number>();
  private readonly categoryIds = new Map<string, string>();
  /** (ext_id, name) pairs already warned about: two names for one category ext_id. */
  private readonly collisions = new Set<string>();
  private readonly groupSkips;
  /** Prices taken from a running sale, and sales not applied on the run's date: the report names them. */
  readonly saleNotes: ExtractNote[] = [];
  /** Products whose one variant row (`rows: children`) priced them without an option: noted. */
  singleVariant: { products: number; firstRow: number } | undefined;
  /** The products that had no category and went to `category.fallback`: the report names it. */
  fallback: { extId: string; name: string; products: number } | undefined;
  /** With rows: all the head is a variant and carries the price, so product.price is not read. */
  private readonly headPriced: boolean;
  /** Option and value names, kept once each. */
  private readonly names = new SharedNames();
  /** Reused for every head row's variant option templates, which read it during the call only. */
  private readonly headContext: { product: string } = { product: '' };
  /** Reused for every variant row: templates read it during the call only. */
  private readonly variantContext: { product: string; option: string; name: string | undefined } = {
    product: '',
    option: '',
    name: undefined,
  };

  constructor(
    private readonly table: CompiledTable,
    private readonly ctx: CompileContext,
    private readonly skipped: Map<string, number>,
    /**
     * True when rows are grouped by the very template that gives the product ext_id: a second head
     * with the same ext_id cannot happen (its rows join the first group), so no Set of 100k ids.
     */
    private readonly extIdIsGroupKey = false,
    /** The mapping's `unpriced`: what becomes of a visible product or variant without a real price. */
    private readonly unpriced: UnpricedAction = 'hide',
    /** The run's date: whether a scheduled sale runs (passed in, so a test can fix it). */
    private readonly now: Date = new Date(),
  ) {
    this.groupSkips = table.skips.filter((s) => s.scope === 'group');
    const v = table.variants;
    this.headPriced = !(v?.valuePrice && v.rows === 'all');
  }

  countSkip(reason: string): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
  }

  head(record: TableRecord): OpenProduct | ClosedGroup {
    const cells = record.cells;
    this.ctx.cursor.row = record.row;
    for (const skip of this.groupSkips) {
      if (skip.test(cells)) {
        this.countSkip(skip.reason);
        if (skip.report) {
          this.ctx.rowIssue(
            skip.report,
            'warning',
            `product skipped by rule "${skip.reason}" (its rows too)`,
          );
        }
        return { skipped: skip.reason };
      }
    }
    const { product: p } = this.table;
    const ctx = this.ctx;
    ctx.cursor.row = record.row;
    ctx.cursor.skipReason = undefined;
    const extId = text(p.extId(cells, NO_CONTEXT));
    const name = text(p.name(cells, NO_CONTEXT));
    ctx.cursor.subject = name ?? extId;
    const description = p.description ? text(p.description(cells, NO_CONTEXT)) : undefined;
    let price: number | undefined;
    let priceMissing = false;
    if (p.price && this.headPriced) {
      const before = ctx.issues.length;
      const raw = p.price(cells, NO_CONTEXT);
      price = this.num(raw, 'product.price');
      // Empty, not bad: a `variable` price or a bad cell has been reported already.
      priceMissing = raw === null && ctx.issues.length === before;
      if (p.sale) {
        price = this.salePrice(p.sale, cells, price, `product "${name ?? extId}"`, 'product.sale');
        if (price !== undefined) priceMissing = false;
      }
    }
    const image = p.image ? text(p.image(cells, NO_CONTEXT)) : undefined;
    const hidden = p.hidden ? this.bool(p.hidden(cells, NO_CONTEXT), 'product.hidden') : undefined;
    const categoryExtId = this.table.category ? this.category(this.table.category, cells) : undefined;
    ctx.cursor.subject = undefined;
    if (ctx.cursor.skipReason) {
      const reason = ctx.cursor.skipReason;
      ctx.cursor.skipReason = undefined;
      this.countSkip(reason);
      return { skipped: reason };
    }
    if (extId === undefined) return this.drop('empty-ext-id', 'product.ext_id is empty: product left out');
    if (name === undefined)
      return this.drop('missing-value', `product.name is empty: product "${extId}" left out`);
    if (!this.extIdIsGroupKey && this.productIds.has(extId)) {
      return this.drop(
        'duplicate-ext-id',
        `product ext_id "${extId}" already used by an earlier row: left out`,
      );
    }
    if (!this.extIdIsGroupKey) this.productIds.add(extId);
    if (p.extIdSources) (p.extIdSources.counts[p.extIdSources.last] as number)++;
    const hide = this.warnAbout(cells, name);

    const positionKey = categoryExtId ?? '';
    const position = (this.positions.get(positionKey) ?? 0) + 1;
    this.positions.set(positionKey, position);
    const product = newProduct(
      extId,
      name,
      categoryExtId,
      description,
      price === undefined ? undefined : toCents(price, this.ctx.money.digits),
      image,
      hide || hidden,
      position,
    );

    const open: OpenProduct = {
      product,
      row: record.row,
      optionExtId: undefined,
      optionName: undefined,
      firstRow: 0,
      firstName: undefined,
      firstExtId: undefined,
      firstPrice: undefined,
      firstHidden: undefined,
      firstPriceMissing: false,
      firstExpanded: false,
      more: undefined,
      anyLists: undefined,
      sets: undefined,
      pending: undefined,
      priceMissing,
    };
    if (this.table.rowOptions) {
      open.pending = [];
      readOptionRow(this.table.rowOptions, cells, record.row, true, open.pending, ctx);
    }
    const v = this.table.variants;
    if (v) {
      const context = this.headContext;
      context.product = extId;
      if (v.optionExtId) open.optionExtId = text(v.optionExtId(cells, context));
      if (v.optionName) open.optionName = this.names.of(text(v.optionName(cells, context)));
      if (v.any) open.anyLists = parentLists(v.any, cells, context);
      if (v.rows === 'all') this.variant(open, record, true);
    }
    if (this.table.modifierSets) open.sets = modifierOptions(this.table.modifierSets, cells, extId, 1);
    this.open.push(open);
    return open;
  }

  /** A variant row of an open product: evaluated now, judged when the product closes. */
  variant(open: OpenProduct, record: TableRecord, isHead = false): void {
    const v = this.table.variants;
    const ctx = this.ctx;
    ctx.cursor.row = record.row;
    if (!isHead && open.pending) {
      const given = readOptionRow(
        this.table.rowOptions ?? [],
        record.cells,
        record.row,
        false,
        open.pending,
        ctx,
      );
      // Odoo interleaves other one-to-many fields (a second category) on rows of their own.
      if (!v) {
        if (given === 0) this.countSkip(UNUSED_ROW_REASON);
        return;
      }
    }
    if (!v) {
      // Without variants a second row of a group has nowhere to go: never drop it silently.
      ctx.rowIssue(
        'duplicate-ext-id',
        'error',
        `row ${record.row} joins product "${open.product.ext_id}" (first seen at row ${open.row}) but the mapping has no variants: row left out`,
      );
      return;
    }
    ctx.cursor.skipReason = undefined;
    const context = this.variantContext;
    context.product = open.product.ext_id;
    context.option = optionExtIdOf(open);
    context.name = undefined;
    // SumUp writes the option set's name on the variation rows only, not on the item's row.
    if (open.optionName === undefined && v.optionName && !isHead)
      open.optionName = this.names.of(text(v.optionName(record.cells, context)));
    const name = this.names.of(text(v.valueName(record.cells, context)));
    ctx.cursor.subject = name === undefined ? open.product.name : `${open.product.name} / ${name}`;
    let price: number | undefined;
    let priceMissing = false;
    if (v.valuePrice) {
      const before = ctx.issues.length;
      const raw = v.valuePrice(record.cells, NO_CONTEXT);
      price = this.num(raw, 'variants.value.price');
      // Empty, not bad: a `variable` price or a bad cell has been reported already.
      priceMissing = raw === null && ctx.issues.length === before;
      if (v.valueSale) {
        const label = `variant "${name ?? ''}" of "${open.product.name ?? open.product.ext_id}"`;
        price = this.salePrice(v.valueSale, record.cells, price, label, 'variants.value.sale');
        if (price !== undefined) priceMissing = false;
      }
    }
    ctx.cursor.subject = undefined;
    const hidden = v.valueHidden
      ? this.bool(v.valueHidden(record.cells, NO_CONTEXT), 'variants.value.hidden')
      : undefined;
    if (ctx.cursor.skipReason) {
      this.countSkip(ctx.cursor.skipReason);
      ctx.cursor.skipReason = undefined;
      return;
    }
    let extId: string | undefined;
    if (name !== undefined) {
      context.name = name;
      extId = text(v.valueExtId(record.cells, context));
    }
    const row = record.row;
    const expanded =
      v.any && open.anyLists && !isHead ? expandAny(v.any, open.anyLists, record.cells, context) : undefined;
    if (expanded) {
      // Each value's own ext_id; one that does not tell them apart (the row's SKU) takes its slug.
      const ids = expanded.map((each) => {
        context.name = each.name;
        return text(v.valueExtId(record.cells, context));
      });
      const apart = new Set(ids).size === ids.length;
      expanded.forEach((each, i) => {
        const id = ids[i];
        const eachId = id === undefined || apart ? id : `${id}-${each.suffix}`;
        addVariant(open, row, each.name, eachId, price, hidden, priceMissing, true);
      });
      return;
    }
    const flagged = v.valueFlag
      ? this.bool(v.valueFlag(record.cells, NO_CONTEXT), 'variants.flag') === true
      : false;
    addVariant(open, row, name, extId, price, hidden, priceMissing, false, flagged);
  }

  /**
   * A value an "any" variation stands for that another variation names itself (Small at its own
   * price, and "any size" at another): the named variation is kept, the other counted.
   */
  private withoutNamedTwice(variants: PendingVariant[]): PendingVariant[] {
    if (!anyExpanded(variants)) return variants;
    const named = new Set(variants.filter((v) => !v.expanded).map((v) => v.name));
    return variants.filter((v) => {
      if (!v.expanded || !named.has(v.name)) return true;
      this.countSkip(ANY_NAMED_TWICE_REASON);
      return false;
    });
  }

  menu(): CanonicalMenu {
    const v = this.table.variants;
    const products: ImportProduct[] = [];
    const unpriced = { action: this.unpriced, countSkip: (reason: string) => this.countSkip(reason) };
    for (let i = 0; i < this.open.length; i++) {
      const open = this.open[i] as OpenProduct;
      let variant: ImportOption | undefined;
      if (v && open.firstRow !== 0) {
        const single = !v.always && !(v.alwaysNamed && open.firstName !== undefined);
        if (open.more === undefined && single) {
          // A row of its own (not the head) merged into its product: counted for the run's notes.
          if (v.rows === 'children') {
            if (this.singleVariant) this.singleVariant.products++;
            else this.singleVariant = { products: 1, firstRow: open.firstRow };
          }
          // A lone variant is the product: its row's availability is the product's.
          if (open.firstHidden === true) open.product.hidden = true;
          // variantOption's rule for a lone variant, without building its list: it prices the product.
          if (open.firstPrice !== undefined)
            open.product.price = toCents(open.firstPrice, this.ctx.money.digits);
          else if (open.firstPriceMissing && !open.priceMissing && open.product.price === undefined) {
            // The head's own empty price (rows: children) is warned about below, once.
            this.ctx.cursor.row = open.firstRow;
            this.ctx.rowIssue(
              'missing-value',
              'warning',
              `variants.value.price is empty: product "${open.product.ext_id}" has no price`,
              v.valuePriceColumn,
            );
          }
        } else {
          variant = variantOption(
            this.withoutNamedTwice(variantsOf(open)),
            v,
            { extId: optionExtIdOf(open), name: open.optionName },
            open.product,
            this.ctx,
            unpriced,
          );
          // Each variant row's availability hides its own value; with none left, the product.
          if (variant && everyValueHidden(variant)) open.product.hidden = true;
        }
      }
      // Set options are shared and frozen, built at positions 1..n: after other options they move.
      let options = open.sets;
      const own = open.pending?.length
        ? buildRowOptions(
            this.table.rowOptions ?? [],
            open.pending,
            open.product.ext_id,
            variant ? 2 : 1,
            this.ctx,
          )
        : undefined;
      const fresh = variant ? (own ? [variant, ...own] : [variant]) : own?.length ? own : undefined;
      if (fresh) {
        if (open.sets) {
          for (const set of open.sets) {
            const position = fresh.length + 1;
            fresh.push(set.position === position ? set : movedSetOption(set, position));
          }
        }
        options = fresh;
      }
      open.pending = undefined;
      if (options) open.product.options = options;
      if (open.priceMissing && open.product.price === undefined) {
        this.ctx.cursor.row = open.row;
        this.ctx.rowIssue(
          'missing-value',
          'warning',
          `product.price is empty: product "${open.product.ext_id}" has no price`,
          this.table.product.priceColumn,
        );
      }
      if (this.judgePrice(open)) products.push(open.product);
    }
    return { categories: [...this.categories.values()], products };
  }

  /**
   * The `warn` rules on a product's head row: each that matches is a located warning. True when
   * one of them hides the product.
   */
  private warnAbout(cells: TableRecord['cells'], name: string): true | undefined {
    let hide: true | undefined;
    for (const rule of this.table.warns) {
      if (!rule.test(cells)) continue;
      this.ctx.rowIssue(
        rule.code,
        'warning',
        `product "${name}" ${rule.reason}${rule.hide ? ': hidden' : ''}`,
        rule.column,
      );
      if (rule.hide) hide = true;
    }
    return hide;
  }

  /** False when the product is left out: visible without a real price and `unpriced: skip`. */
  private judgePrice(open: OpenProduct): boolean {
    const reason = unpricedReason(open.product);
    if (reason === undefined) return true;
    const verdict = unpricedVerdict(this.unpriced, entityLabel('product', open.product), reason);
    this.ctx.cursor.row = open.row;
    this.ctx.rowIssue('unpriced', verdict.severity, verdict.message, this.table.product.priceColumn);
    if (verdict.outcome === 'hide') open.product.hidden = true;
    if (verdict.outcome !== 'skip') return true;
    this.countSkip(UNPRICED_SKIP_REASON);
    return false;
  }

  /**
   * The sale price when its sale runs on the run's date, else the regular price. Either way a sale
   * price on the row is named in a note: what the customer pays and until when, or why not.
   */
  private salePrice(
    sale: CompiledSale,
    cells: TableRecord['cells'],
    regular: number | undefined,
    subject: string,
    field: string,
  ): number | undefined {
    const raw = sale.price(cells, NO_CONTEXT);
    if (raw === null) return regular;
    const price = this.num(raw, `${field}.price`);
    if (price === undefined) return regular;
    const starts = sale.starts ? text(sale.starts(cells, NO_CONTEXT)) : undefined;
    const ends = sale.ends ? text(sale.ends(cells, NO_CONTEXT)) : undefined;
    const window = saleWindow(starts, ends, this.now);
    const digits = this.ctx.money.digits;
    const amount = (n: number | undefined) => (n === undefined ? 'none' : n.toFixed(digits));
    const location = {
      file: this.ctx.file,
      ...(this.ctx.sheet ? { sheet: this.ctx.sheet } : {}),
      row: this.ctx.cursor.row,
    };
    if (!window.running && window.reason === 'unreadable') {
      this.ctx.rowIssue(
        'bad-price',
        'warning',
        `${field}: "${window.text}" is not a date (YYYY-MM-DD): sale price ${amount(price)} not applied, ${subject} keeps ${amount(regular)}`,
      );
      return regular;
    }
    if (!window.running) {
      const when =
        window.reason === 'not-started' ? `starts ${window.starts ?? ''}` : `ended ${window.ends ?? ''}`;
      this.saleNotes.push({
        code: 'sale-price',
        message: `${subject}: sale price ${amount(price)} not applied (the sale ${when}); regular price ${amount(regular)}`,
        location,
      });
      return regular;
    }
    const until = window.until ? `until ${window.until}` : 'with no end date';
    this.saleNotes.push({
      code: 'sale-price',
      message: `${subject} sells at ${amount(price)} from a sale ${until} (regular price ${amount(regular)})`,
      location,
    });
    return price;
  }

  /** A price that is not a number after its transforms is reported, never dropped silently. */
  private num(v: Scalar, field: string): number | undefined {
    if (typeof v === 'number') {
      if (Number.isFinite(v) && !isImplausiblePrice(v, this.ctx.money.limit)) return v;
      // A number cell read without the money transform (xlsx) is checked here; money checked its own.
      const subject = this.ctx.cursor.subject;
      const what = subject === undefined ? field : `${field} of "${subject}"`;
      this.ctx.rowIssue(
        'bad-price',
        'error',
        `${what}: ${implausiblePriceMessage(v, undefined, this.ctx.money.limit)}`,
      );
      return undefined;
    }
    if (v !== null)
      this.ctx.rowIssue(
        'bad-price',
        'error',
        `${field}: "${String(v)}" is not a number (add the money transform)`,
      );
    return undefined;
  }

  private bool(v: Scalar, field: string): boolean | undefined {
    if (typeof v === 'boolean') return v;
    // A warning: a lookup with `otherwise: warn` has usually said why already; the flag is left out.
    if (v !== null)
      this.ctx.rowIssue('bad-boolean', 'warning', `${field}: "${String(v)}" is not yes/no, left out`);
    return undefined;
  }

  private drop(code: 'empty-ext-id' | 'missing-value' | 'duplicate-ext-id', message: string): ClosedGroup {
    this.ctx.rowIssue(code, 'error', message);
    return { dropped: true };
  }

  private category(c: CompiledCategory, cells: TableRecord['cells']): string | undefined {
    const raw = text(c.name(cells, NO_CONTEXT));
    let name = raw;
    if (raw !== undefined && c.separators) {
      name =
        flattenCategoryPath(raw, { separator: c.separators, take: c.take, join_with: c.joinWith }) ??
        undefined;
    }
    const fallback = name === undefined;
    name ??= c.fallback;
    if (name === undefined) {
      // The platform's read API reaches products through their category only: one without is lost.
      this.ctx.rowIssue(
        'missing-value',
        'error',
        'category.name is empty: the product would have no category (give category.fallback)',
      );
      return undefined;
    }
    // The ext_id usually depends on the name only: derive it once per name, not once per product.
    let extId = c.extIdByName ? this.categoryIds.get(name) : undefined;
    if (extId === undefined) {
      extId = text(c.extId(cells, { name }));
      if (c.extIdByName && extId !== undefined) this.categoryIds.set(name, extId);
    }
    if (extId === undefined) {
      this.ctx.rowIssue('empty-ext-id', 'error', `category.ext_id is empty for "${name}"`);
      return undefined;
    }
    if (fallback) {
      if (this.fallback) this.fallback.products++;
      else this.fallback = { extId, name, products: 1 };
    }
    // Keyed by ext_id: one name written two ways ("Café", "CAFE") is one category, said once per
    // name; two different names reaching one ext_id are an error, never merged.
    const existing = this.categories.get(extId);
    if (!existing) {
      this.categories.set(extId, { ext_id: extId, name, position: this.categories.size + 1 });
    } else if (existing.name !== name) {
      const key = `${extId}\u0000${name}`;
      if (!this.collisions.has(key)) {
        this.collisions.add(key);
        const same = sameNameLoosely(name, existing.name ?? '');
        const derived = `category "${name}" gets ext_id "${extId}", already derived from "${existing.name}"`;
        this.ctx.rowIssue(
          'duplicate-ext-id',
          same ? 'warning' : 'error',
          same
            ? `${derived}: merged into "${existing.name}"`
            : `${derived}: two different categories would be merged; give category.ext_id a template that tells them apart`,
        );
      }
    }
    return extId;
  }
}

/** True when no value of the option can be chosen (an option with no values included). */
function everyValueHidden(option: ImportOption): boolean {
  for (const value of option.option_values ?? []) if (value.hidden !== true) return false;
  return true;
}
