import type { TableRecord } from '../../extract/types.js';
import type {
  ImportCategory,
  ImportOption,
  ImportOptionValue,
  ImportProduct,
} from '../../model/import-payload.js';
import { roundMoney } from '../../model/money.js';
import type { CanonicalMenu } from '../../model/canonical-menu.js';
import { flattenCategoryPath } from '../transforms/category-path.js';
import type { TemplateContext } from '../transforms/template.js';
import type { Scalar } from '../types.js';
import type { CompileContext } from './compile-context.js';
import type { CompiledCategory, CompiledTable, CompiledVariants } from './compile.js';
import { countSkip, type RowGroup } from './group-rows.js';
import { modifierOptions } from './modifier-sets.js';

const text = (v: Scalar): string | undefined => (v === null || v === '' ? undefined : String(v));
const num = (v: Scalar): number | undefined => (typeof v === 'number' ? v : undefined);
const bool = (v: Scalar): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
// Shared so that evaluating a field allocates nothing for its template context.
const NO_CONTEXT: TemplateContext = Object.freeze({});

/** Difference of two amounts already in cents: exact via integer cents (cheaper than roundMoney). */
const centsDifference = (a: number, b: number): number => Math.round((a - b) * 100) / 100;

/** Builds categories and products from grouped rows (rules in docs/mapping-format.md, table mode). */
export class MenuBuilder {
  private readonly categories = new Map<string, ImportCategory>();
  private readonly products: ImportProduct[] = [];
  private readonly productIds = new Set<string>();
  private readonly positions = new Map<string, number>();
  private readonly categoryIds = new Map<string, string>();
  private readonly groupSkips;

  constructor(
    private readonly table: CompiledTable,
    private readonly ctx: CompileContext,
    private readonly skipped: Map<string, number>,
  ) {
    this.groupSkips = table.skips.filter((s) => s.scope === 'group');
  }

  menu(): CanonicalMenu {
    return { categories: [...this.categories.values()], products: this.products };
  }

  addGroup(group: RowGroup): void {
    const { head } = group;
    const size = 1 + group.children.length;
    for (const skip of this.groupSkips) {
      if (skip.test(head.cells)) return countSkip(this.skipped, skip.reason, size);
    }
    const { product: p } = this.table;
    const ctx = this.ctx;
    ctx.cursor.row = head.row;
    ctx.cursor.skipReason = undefined;
    const cells = head.cells;
    const extId = text(p.extId(cells, NO_CONTEXT));
    const name = text(p.name(cells, NO_CONTEXT));
    const fields = {
      description: p.description ? text(p.description(cells, NO_CONTEXT)) : undefined,
      // Variant rows carry the price when there are any (the head is one of them with rows: all);
      // reading product.price as well would report a bad cell twice.
      price: p.price && !this.variantsPriced(group) ? num(p.price(cells, NO_CONTEXT)) : undefined,
      image: p.image ? text(p.image(cells, NO_CONTEXT)) : undefined,
      hidden: p.hidden ? bool(p.hidden(cells, NO_CONTEXT)) : undefined,
    };
    const categoryExtId = this.table.category ? this.category(this.table.category, head) : undefined;
    if (ctx.cursor.skipReason) return this.skipGroup(ctx.cursor.skipReason, size);
    ctx.cursor.row = head.row;
    if (extId === undefined)
      return ctx.rowIssue('empty-ext-id', 'error', 'product.ext_id is empty: product left out');
    if (name === undefined)
      return ctx.rowIssue('missing-value', 'error', `product.name is empty: product "${extId}" left out`);
    if (this.productIds.has(extId)) {
      return ctx.rowIssue(
        'duplicate-ext-id',
        'error',
        `product ext_id "${extId}" already used by an earlier row: left out`,
      );
    }
    this.productIds.add(extId);

    const product: ImportProduct = { ext_id: extId, name };
    if (categoryExtId !== undefined) product.category_ext_id = categoryExtId;
    if (fields.description !== undefined) product.description = fields.description;
    if (fields.price !== undefined) product.price = roundMoney(fields.price);
    if (fields.image !== undefined) product.image = fields.image;
    if (fields.hidden !== undefined) product.hidden = fields.hidden;
    const positionKey = categoryExtId ?? '';
    const position = (this.positions.get(positionKey) ?? 0) + 1;
    this.positions.set(positionKey, position);
    product.position = position;

    const options: ImportOption[] = [];
    if (this.table.variants) {
      const rows = this.table.variants.rows === 'all' ? [head, ...group.children] : group.children;
      const variant = this.variantOption(this.table.variants, head, rows, product);
      if (variant) options.push(variant);
    }
    if (this.table.modifierSets) {
      options.push(...modifierOptions(this.table.modifierSets, cells, extId, options.length + 1));
    }
    if (options.length > 0) product.options = options;
    this.products.push(product);
  }

  private variantsPriced(group: RowGroup): boolean {
    const v = this.table.variants;
    if (!v?.valuePrice) return false;
    return v.rows === 'all' || group.children.length > 0;
  }

  private skipGroup(reason: string, size: number): void {
    this.ctx.cursor.skipReason = undefined;
    countSkip(this.skipped, reason, size);
  }

  private category(c: CompiledCategory, head: TableRecord): string | undefined {
    const raw = text(c.name(head.cells, NO_CONTEXT));
    let name = raw;
    if (raw !== undefined && c.separators) {
      name =
        flattenCategoryPath(raw, { separator: c.separators, take: c.take, join_with: c.joinWith }) ??
        undefined;
    }
    name ??= c.fallback;
    if (name === undefined) {
      this.ctx.rowIssue('missing-value', 'warning', 'category.name is empty: product has no category');
      return undefined;
    }
    // The ext_id usually depends on the name only: derive it once per name, not once per product.
    let extId = c.extIdByName ? this.categoryIds.get(name) : undefined;
    if (extId === undefined) {
      extId = text(c.extId(head.cells, { name }));
      if (c.extIdByName && extId !== undefined) this.categoryIds.set(name, extId);
    }
    if (extId === undefined) {
      this.ctx.rowIssue('empty-ext-id', 'error', `category.ext_id is empty for "${name}"`);
      return undefined;
    }
    // Keyed by ext_id: names that slug alike ("Hot Drinks", "hot drinks") are one category.
    if (!this.categories.has(extId)) {
      this.categories.set(extId, { ext_id: extId, name, position: this.categories.size + 1 });
    }
    return extId;
  }

  /** The variant rule: 2+ variants -> one required single-choice option priced from the cheapest. */
  private variantOption(
    v: CompiledVariants,
    head: TableRecord,
    rows: readonly TableRecord[],
    product: ImportProduct,
  ): ImportOption | undefined {
    const ctx = this.ctx;
    if (rows.length === 0) return undefined;
    if (rows.length === 1 && !v.always) {
      const only = rows[0] as TableRecord;
      ctx.cursor.row = only.row;
      const price = v.valuePrice ? num(v.valuePrice(only.cells, NO_CONTEXT)) : undefined;
      if (ctx.cursor.skipReason) return this.dropProductPrice(ctx.cursor.skipReason, product);
      if (price !== undefined) product.price = roundMoney(price);
      return undefined;
    }
    ctx.cursor.row = head.row;
    // One context per product, its `name` updated per variant row.
    const context: { product: string; option?: string; name?: string } = { product: product.ext_id };
    const optionExtId = text(v.optionExtId(head.cells, context)) ?? `${product.ext_id}-variant`;
    context.option = optionExtId;
    const optionName = (v.optionName ? text(v.optionName(head.cells, context)) : undefined) ?? 'Variant';
    const values: ImportOptionValue[] = [];
    const prices: (number | undefined)[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      ctx.cursor.row = row.row;
      ctx.cursor.skipReason = undefined;
      context.name = undefined;
      const name = text(v.valueName(row.cells, context));
      const price = v.valuePrice ? num(v.valuePrice(row.cells, NO_CONTEXT)) : undefined;
      const hidden = v.valueHidden ? bool(v.valueHidden(row.cells, NO_CONTEXT)) : undefined;
      if (ctx.cursor.skipReason) {
        countSkip(this.skipped, ctx.cursor.skipReason);
        ctx.cursor.skipReason = undefined;
        continue;
      }
      if (name === undefined) {
        ctx.rowIssue(
          'missing-value',
          'error',
          `variants.value.name is empty: variant of "${product.ext_id}" left out`,
        );
        continue;
      }
      context.name = name;
      const extId = text(v.valueExtId(row.cells, context));
      if (extId === undefined) {
        ctx.rowIssue('empty-ext-id', 'error', `variants.value.ext_id is empty for "${name}"`);
        continue;
      }
      if (seen.has(extId)) {
        ctx.rowIssue(
          'duplicate-ext-id',
          'error',
          `variant ext_id "${extId}" appears twice in "${product.ext_id}"`,
        );
        continue;
      }
      seen.add(extId);
      const value: ImportOptionValue = { ext_id: extId, name };
      if (hidden !== undefined) value.hidden = hidden;
      values.push(value);
      prices.push(price);
    }
    if (values.length === 0) {
      ctx.cursor.row = head.row;
      ctx.rowIssue(
        'empty-group',
        'error',
        `product "${product.ext_id}" has variant rows but no usable variant`,
      );
      return undefined;
    }
    let base: number | undefined;
    for (const price of prices) if (price !== undefined && (base === undefined || price < base)) base = price;
    if (base !== undefined) product.price = roundMoney(base);
    values.forEach((value, i) => {
      const price = prices[i];
      if (price !== undefined && base !== undefined) {
        value.price_operator = '+';
        value.price_operand = centsDifference(price, base);
      }
      value.position = i + 1;
    });
    return {
      ext_id: optionExtId,
      name: optionName,
      type: 'single',
      min_selectable: 1,
      max_selectable: 1,
      position: 1,
      option_values: values,
    };
  }

  private dropProductPrice(reason: string, product: ImportProduct): undefined {
    // A single variant skipped (variable price with `variable: skip`) means the product has no price.
    countSkip(this.skipped, reason);
    this.ctx.cursor.skipReason = undefined;
    delete product.price;
    return undefined;
  }
}
