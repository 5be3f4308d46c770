import type { ImportOption, ImportOptionValue, ImportProduct } from '../../model/import-payload.js';
import { centsDifference, toCents } from './cents.js';
import type { CompileContext } from './compile-context.js';
import type { CompiledVariants } from './compile.js';
import { entityLabel, UNPRICED_SKIP_REASON, unpricedVerdict, type UnpricedAction } from '../unpriced.js';

/** A variant row, evaluated when it streamed by; problems that matter only if an option is built wait here. */
export interface PendingVariant {
  row: number;
  name: string | undefined;
  extId: string | undefined;
  price: number | undefined;
  hidden: boolean | undefined;
  /** `value.price` is mapped and its cell was empty (no other issue said so): a lone variant says so. */
  priceMissing: boolean;
  /** One of the variants an "any" attribute stands for (`variants.value.any`). */
  expanded?: true;
  /** `variants.base: flagged`: the row's flag marks it as the product's default variant. */
  flagged?: true;
}

// Up to this many kept variants, a duplicate ext_id is found by a scan.
const SCAN_MAX = 8;

/** A variant that makes a value: it has a name and an ext_id. */
type KeptVariant = PendingVariant & { name: string; extId: string };

function hasExtId(made: readonly KeptVariant[], extId: string): boolean {
  for (const v of made) if (v.extId === extId) return true;
  return false;
}

/**
 * An option value in one object literal, so that 100k values do not each grow a property array;
 * keys in the order the menu's JSON has always had them.
 */
function optionValue(
  ext_id: string,
  name: string,
  hidden: boolean | undefined,
  operand: number | undefined,
  position: number,
): ImportOptionValue {
  if (operand === undefined) {
    return hidden === undefined ? { ext_id, name, position } : { ext_id, name, hidden, position };
  }
  return hidden === undefined
    ? { ext_id, name, price_operator: '+', price_operand: operand, position }
    : { ext_id, name, hidden, price_operator: '+', price_operand: operand, position };
}

/**
 * The variant rule (docs/mapping-format.md): 2+ variants (or 1 with `always`) become one required
 * single-choice option; the product's price is the cheapest variant and values carry the difference.
 * One variant gives the product its price and no option.
 */
export function variantOption(
  variants: PendingVariant[],
  settings: Pick<
    CompiledVariants,
    'always' | 'alwaysNamed' | 'optionFallback' | 'valuePriceColumn' | 'valueFlag' | 'flagColumn'
  >,
  /** `name` is undefined when neither the head nor any variant row gave one: the fallback names it. */
  option: { extId: string; name: string | undefined },
  product: ImportProduct,
  ctx: CompileContext,
  /** What to do with a visible variant without a price of its own while others have one. */
  unpriced: { action: UnpricedAction; countSkip: (reason: string) => void },
): ImportOption | undefined {
  if (variants.length === 0) return undefined;
  const named = settings.alwaysNamed && (variants[0] as PendingVariant).name !== undefined;
  if (variants.length === 1 && !settings.always && !named) {
    const price = (variants[0] as PendingVariant).price;
    if (price !== undefined) product.price = toCents(price, ctx.money.digits);
    return undefined;
  }
  // Children resolved after the stream (parent references) may be out of file order.
  for (let i = 1; i < variants.length; i++) {
    if ((variants[i] as PendingVariant).row < (variants[i - 1] as PendingVariant).row) {
      variants.sort((a, b) => a.row - b.row);
      break;
    }
  }
  /** The variants that make values, in order: named, with an ext_id, and that ext_id not met before. */
  const made: KeptVariant[] = [];
  // A product has a few variants: a scan of those kept costs less than a Set per product.
  let seen: Set<string> | undefined;
  let base: number | undefined;
  for (const v of variants) {
    ctx.cursor.row = v.row;
    if (v.name === undefined) {
      ctx.rowIssue(
        'missing-value',
        'error',
        `variants.value.name is empty: variant of "${product.ext_id}" left out`,
      );
      continue;
    }
    if (v.extId === undefined) {
      ctx.rowIssue('empty-ext-id', 'error', `variants.value.ext_id is empty for "${v.name}"`);
      continue;
    }
    if (seen ? seen.has(v.extId) : hasExtId(made, v.extId)) {
      ctx.rowIssue(
        'duplicate-ext-id',
        'error',
        `variant ext_id "${v.extId}" appears twice in "${product.ext_id}"`,
      );
      continue;
    }
    if (seen) seen.add(v.extId);
    else if (made.length >= SCAN_MAX) seen = new Set([...made.map((kept) => kept.extId), v.extId]);
    made.push(v as KeptVariant);
    if (v.price !== undefined && (base === undefined || v.price < base)) base = v.price;
  }
  if (made.length === 0) {
    ctx.rowIssue(
      'empty-group',
      'error',
      `product "${product.ext_id}" has variant rows but no usable variant`,
    );
    return undefined;
  }
  const preferred = settings.valueFlag
    ? flaggedDefault(made, base, settings.flagColumn, product, ctx)
    : undefined;
  if (base !== undefined) product.price = toCents(base, ctx.money.digits);
  // Sized to the variants kept (an array grown by push keeps room for 17).
  const values = new Array<ImportOptionValue>(made.length);
  let kept = 0;
  for (const from of made) {
    let hidden = from.hidden;
    let operand: number | undefined;
    if (from.price !== undefined && base !== undefined) {
      operand = centsDifference(from.price, base, ctx.money.digits);
    } else if (base !== undefined && hidden !== true) {
      // It would sell at the base price (a `variable` Square variation at the cheapest one's price).
      // With no priced variant at all the product itself is unpriced: judged once, as a product.
      ctx.cursor.row = from.row;
      const verdict = unpricedVerdict(
        unpriced.action,
        `variant "${from.name}" of ${entityLabel('product', product)}`,
        'has no price of its own',
      );
      ctx.rowIssue('unpriced', verdict.severity, verdict.message, settings.valuePriceColumn);
      if (verdict.outcome === 'hide') hidden = true;
      if (verdict.outcome === 'skip') {
        unpriced.countSkip(UNPRICED_SKIP_REASON);
        continue;
      }
    }
    values[kept] = optionValue(from.extId, from.name, hidden, operand, kept + 1);
    // The POS's default is pre-selected for the guest.
    if (from === preferred) values[kept] = { ...values[kept], checked_default: true } as ImportOptionValue;
    kept++;
  }
  // A skipped value leaves the list.
  if (kept < values.length) values.length = kept;
  return {
    ext_id: option.extId,
    name: option.name ?? settings.optionFallback,
    type: 'single',
    min_selectable: 1,
    max_selectable: 1,
    position: 1,
    option_values: values,
  };
}

/**
 * `variants.base: flagged`: the one variant the flag marks (iiko's default size). The platform adds
 * surcharges only (`price_operator` "+"; a negative `price_operand` is refused by validation), so
 * the base stays the cheapest variant's price: when the default is not the cheapest a located
 * warning says the menu's "from" price differs from the POS. No flag, or several, is a warning too.
 */
function flaggedDefault(
  made: readonly KeptVariant[],
  base: number | undefined,
  column: string | undefined,
  product: ImportProduct,
  ctx: CompileContext,
): KeptVariant | undefined {
  const flagged = made.filter((v) => v.flagged);
  const label = entityLabel('product', product);
  ctx.cursor.row = (flagged[1] ?? made[0])?.row ?? ctx.cursor.row;
  if (flagged.length !== 1) {
    const found = flagged.length === 0 ? 'no variant is flagged' : `${flagged.length} variants are flagged`;
    ctx.rowIssue(
      'variant-base',
      'warning',
      `variants.flag: ${found} as the default of ${label}: the base is the cheapest variant`,
      column,
    );
    return undefined;
  }
  const chosen = flagged[0] as KeptVariant;
  if (chosen.price !== undefined && base !== undefined && chosen.price > base) {
    ctx.cursor.row = chosen.row;
    ctx.rowIssue(
      'variant-base',
      'warning',
      `variants.flag: the default "${chosen.name}" of ${label} is not its cheapest variant; the platform adds surcharges only, so the base is the cheapest and "${chosen.name}" is pre-selected`,
      column,
    );
  }
  return chosen;
}
