import { z } from 'zod';
import type { DataIssue } from '../model/data-issue.js';
import type { ImportOption, ImportProduct } from '../model/import-payload.js';

// A product that would go live visible with no price, or at 0 with no required option that carries
// the price, could be ordered for nothing. The mapping decides what happens to it (root key
// `unpriced`); it is never sellable silently. Both mapping modes judge with these functions.

/** What a mapping does with a product or variant that has no real price. */
export const UnpricedAction = z.enum(['hide', 'skip', 'error']);
export type UnpricedAction = z.infer<typeof UnpricedAction>;

/** When a mapping does not say: the product stays in the menu, hidden, and the run says so. */
export const DEFAULT_UNPRICED: UnpricedAction = 'hide';

/** The reason counted under `skipped` for `unpriced: skip`. */
export const UNPRICED_SKIP_REASON = 'unpriced';

/**
 * The least a customer can pay for a required option: the `min_selectable` cheapest visible
 * values (a value without an operand adds nothing). Undefined when it has no visible value.
 */
function cheapestChoice(option: ImportOption): number | undefined {
  const take = Math.max(1, option.min_selectable ?? 1);
  const one = take === 1 ? cheapestOne(option) : null;
  if (one !== null) return one;
  const operands = (option.option_values ?? [])
    .filter((v) => v.hidden !== true)
    .map((v) => v.price_operand ?? 0)
    .sort((a, b) => a - b);
  if (operands.length === 0) return undefined;
  return operands.slice(0, take).reduce((sum, n) => sum + n, 0);
}

/**
 * The one cheapest visible value's operand, as `cheapestChoice` sums it, without sorting a list
 * (every variant option of a 100k-product menu is judged); null for an operand that is not a
 * number, which only the sort orders as it always has.
 */
function cheapestOne(option: ImportOption): number | undefined | null {
  let least: number | undefined;
  for (const value of option.option_values ?? []) {
    if (value.hidden === true) continue;
    const n = value.price_operand ?? 0;
    if (Number.isNaN(n)) return null;
    if (least === undefined || n < least) least = n;
  }
  return least === undefined ? undefined : 0 + least;
}

/**
 * Why a visible product cannot be sold at a real price, or undefined when it can (or is hidden).
 * Its price plus the cheapest choice of every required option must be above 0.
 */
export function unpricedReason(product: ImportProduct): string | undefined {
  if (product.hidden === true) return undefined;
  let total = product.price ?? 0;
  let carried = false;
  for (const option of product.options ?? []) {
    if ((option.min_selectable ?? 0) < 1 || option.hidden === true) continue;
    const least = cheapestChoice(option);
    if (least === undefined) continue;
    total += least;
    if (least > 0) carried = true;
  }
  if (total > 0) return undefined;
  if (product.price === undefined) return 'has no price';
  if (carried) return `would sell at ${total.toFixed(2)}`;
  return `is priced ${product.price.toFixed(2)} and no required option carries a price`;
}

/** `product "Kevita" (item-VU24)`: the name a reader knows, and the ext_id that finds it. */
export function entityLabel(kind: string, entity: { ext_id: string; name?: string | undefined }): string {
  return entity.name !== undefined && entity.name !== entity.ext_id
    ? `${kind} "${entity.name}" (${entity.ext_id})`
    : `${kind} "${entity.ext_id}"`;
}

/** What the run does: the issue to report, and whether the entity stays (hidden or as is) or goes. */
export interface UnpricedVerdict {
  severity: 'error' | 'warning';
  message: string;
  /** `hide`: set hidden; `skip`: leave it out and count it; `keep`: keep it (the error blocks the run). */
  outcome: 'hide' | 'skip' | 'keep';
}

/** `product "Kevita" has no price: hidden (unpriced: hide)`. */
export function unpricedVerdict(action: UnpricedAction, subject: string, reason: string): UnpricedVerdict {
  switch (action) {
    case 'hide':
      return {
        severity: 'warning',
        message: `${subject} ${reason}: hidden (unpriced: hide)`,
        outcome: 'hide',
      };
    case 'skip':
      return {
        severity: 'warning',
        message: `${subject} ${reason}: left out (unpriced: skip)`,
        outcome: 'skip',
      };
    case 'error':
      return {
        severity: 'error',
        message: `${subject} ${reason} (unpriced: error; give it a price, or set unpriced to hide or skip)`,
        outcome: 'keep',
      };
  }
}

/**
 * Where an issue is, as one key: its row (a row is one product or variant, and a `bad-price` there
 * is about its price whichever price column the mapping read) or its cell; its JSON record or path.
 */
function placeKey(issue: DataIssue, withColumn: boolean): string | undefined {
  const l = issue.location;
  if (l.row !== undefined) {
    const row = `${l.file ?? ''}\u0000${l.sheet ?? ''}\u0000${l.row}`;
    return withColumn ? `${row}\u0000${l.column ?? ''}` : row;
  }
  if (l.path !== undefined) {
    // A JSON price is read from a field of the record (`$[3].price_info.price`): its record is the place.
    const record = withColumn ? l.path : l.path.slice(0, l.path.lastIndexOf(']') + 1) || l.path;
    return `${l.file ?? ''}\u0000${record}`;
  }
  return undefined;
}

/**
 * A price that had its own problem (`variable`, not a number, an empty price cell) already has an
 * issue at its row or path; the `unpriced` verdict on the same product or variant is added to that
 * issue (raising it to an error with `unpriced: error`) instead of being a second issue about one
 * price. Linear: two Map lookups per `unpriced` issue.
 */
export function foldUnpricedIssues(issues: DataIssue[]): DataIssue[] {
  const priceIssues = new Map<string, DataIssue>();
  let unpriced = 0;
  for (const issue of issues) {
    if (issue.code === 'unpriced') unpriced++;
    // An empty cell is about its own column only (an empty category is no price problem).
    const key =
      issue.code === 'bad-price'
        ? placeKey(issue, false)
        : issue.code === 'missing-value'
          ? placeKey(issue, true)
          : undefined;
    if (key !== undefined && !priceIssues.has(key)) priceIssues.set(key, issue);
  }
  if (unpriced === 0 || priceIssues.size === 0) return issues;
  const folded = new Map<DataIssue, DataIssue>();
  const out: DataIssue[] = [];
  for (const issue of issues) {
    const own =
      issue.code === 'unpriced'
        ? (priceIssues.get(placeKey(issue, false) ?? '') ?? priceIssues.get(placeKey(issue, true) ?? ''))
        : undefined;
    if (own === undefined) {
      out.push(issue);
      continue;
    }
    const merged = folded.get(own) ?? { ...own, location: { ...own.location } };
    merged.message = `${merged.message}; ${issue.message}`;
    if (issue.severity === 'error') merged.severity = 'error';
    folded.set(own, merged);
  }
  return out.map((issue) => folded.get(issue) ?? issue);
}
