import { OPTION_NAMES, type GuardNames } from '../model/setting-names.js';

/** How the caller spells the settings a guard advises (PlanOptions.names). */
export const guardNames = (options: { names?: GuardNames | undefined }): GuardNames =>
  options.names ?? OPTION_NAMES;

/** How many entities a guard lets through: a count, or a share of what there was. */
export type Allowance = { count: number } | { percent: number };

/**
 * The default limit of every counting guard (removals, hiding, large price changes, erosion):
 * blocked at DEFAULT_LIMIT.minCount entities or more AND more than DEFAULT_LIMIT.percent % of them.
 * Small menus change a few entities freely; a broken export of a big menu cannot pass. Exactly
 * 20 % passes.
 */
export const DEFAULT_LIMIT = { minCount: 10, percent: 20 } as const;

/** ` of 40 (30%)` after a count of 12, or nothing when there was nothing to count against. */
export function shareOf(count: number, total: number, of = ''): string {
  return total > 0 ? ` of ${total}${of} (${Math.round((count * 1000) / total) / 10}%)` : '';
}

/**
 * Why `count` of `total` is over the allowance (or over DEFAULT_LIMIT when none was given), worded
 * with the setting that lets it through (as the caller names it); null when within it. Integer
 * maths: no float boundary.
 */
export function overLimit(
  count: number,
  total: number,
  allow: Allowance | undefined,
  setting: string,
): string | null {
  if (allow && 'count' in allow) return count > allow.count ? `more than the allowed ${allow.count}` : null;
  if (allow) return count * 100 > allow.percent * total ? `more than the allowed ${allow.percent}%` : null;
  const { minCount, percent } = DEFAULT_LIMIT;
  if (count >= minCount && count * 100 > percent * total) {
    return `over the default limit (${minCount} or more and over ${percent}%), allow it with ${setting} ${count} if intended`;
  }
  return null;
}

/** The limit a guard decided on, for the numbers of its block. */
export function limitNumbers(allow: Allowance | undefined): Record<string, number> {
  return allow && 'count' in allow
    ? { limitCount: allow.count }
    : allow
      ? { limitPercent: allow.percent }
      : { limitCount: DEFAULT_LIMIT.minCount, limitPercent: DEFAULT_LIMIT.percent };
}

/** The first names of what a guard counted, and how many more: `product A, product B, and 198 more`. */
export function someNames(names: readonly string[], count: number): string {
  const more = count > names.length ? `, and ${count - names.length} more` : '';
  return `${names.join(', ')}${more}`;
}
