import type { CanonicalMenu } from '../model/canonical-menu.js';
import { deleteLimitBlock } from './delete-limit.js';
import { erosionBlock } from './erosion.js';
import { massHidingBlock } from './mass-hiding.js';
import { priceFactorBlock } from './price-factor.js';
import { changeLabel, type LiveContext } from './live/live-context.js';
import { entityLabel } from './mode.js';
import type { GuardBlock, PlanEntry, PlanMode, PlanOptions } from './types.js';
import { countOf } from '../plural.js';
import { guardNames } from './limit.js';

interface GuardInput {
  desired: CanonicalMenu;
  baseline: CanonicalMenu | null;
  entries: readonly PlanEntry[];
  mode: PlanMode;
  options: PlanOptions;
  /** The live menu, for a replace planned against it (null otherwise). */
  live?: LiveContext | null;
}

/** Every guard that refuses this plan, in a fixed order (the plan's `blocked` joins their messages with '; '). */
export function guardBlocks(input: GuardInput): GuardBlock[] {
  const { desired, baseline, entries, mode, options } = input;
  const blocks: GuardBlock[] = [];
  const errors = options.extractionErrors ?? 0;
  if (errors > 0) {
    blocks.push({
      guard: 'extraction-errors',
      message: `${countOf(errors, 'extraction error')}: fix the input or mapping first`,
      numbers: { errors },
      ...(options.firstExtractionError ? { first: options.firstExtractionError } : {}),
    });
  }
  // "Empty" means no products: categories without products are what a truncated export looks like.
  if (desired.products.length === 0 && !options.allowEmpty) {
    blocks.push({
      guard: 'empty-menu',
      message: `the desired menu has no products (empty or truncated export?), pass ${guardNames(options).allowEmpty} if intended`,
      numbers: {
        products: 0,
        categories: desired.categories.length,
        snapshotProducts: baseline?.products.length ?? 0,
      },
      allows: { setting: 'allowEmpty', value: true },
    });
  }
  const removed = entries.filter((e) => e.action === 'remove');
  const live = mode === 'replace' ? (input.live ?? null) : null;
  if (mode === 'replace' && (baseline || live)) {
    const limit = deleteLimitBlock(desired, baseline, removed, live, options);
    if (limit) blocks.push(limit);
  }
  const hiding = massHidingBlock(desired, baseline, entries, options);
  if (hiding) blocks.push(hiding);
  const prices = priceFactorBlock(baseline, entries, options);
  if (prices) blocks.push(prices);
  const removesProducts = mode === 'replace' && removed.some((e) => e.kind === 'product');
  const erosion = erosionBlock(desired, removesProducts, options);
  if (erosion) blocks.push(erosion);
  if (options.protect && options.protect.length > 0) {
    const protectedIds = new Set(options.protect);
    const hit = removed.filter((e) => protectedIds.has(e.ext_id)).map(entityLabel);
    const hitIds = removed.filter((e) => protectedIds.has(e.ext_id)).map((e) => e.ext_id);
    // A replace also removes what is live and not desired, whatever the snapshot says.
    for (const change of live?.changes ?? []) {
      if (change.action !== 'remove' || !protectedIds.has(change.key) || hitIds.includes(change.key))
        continue;
      hit.push(`${changeLabel(change)} (live)`);
      hitIds.push(change.key);
    }
    if (hit.length > 0)
      blocks.push({
        guard: 'protected',
        message: `protected entities would be removed: ${hit.join(', ')}`,
        numbers: { removed: hit.length },
        extIds: hitIds,
      });
  }
  return blocks;
}
