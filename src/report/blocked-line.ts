import type { GuardBlock } from '../plan/types.js';

/**
 * Why a guard blocked the run, in one line: `empty-menu (products 0, categories 3): the desired …`,
 * and the first row when rows are the cause: `… fix the input or mapping first (first: menu.csv, row 4, …)`.
 */
export function blockedLine(
  // blockedBy may be absent: a fleet entry kept by an older version (the workers' ledger) has none.
  report: { blocked: string | null; blockedBy?: readonly GuardBlock[] } | undefined,
): string | null {
  if (!report?.blocked) return null;
  if (!report.blockedBy || report.blockedBy.length === 0) return report.blocked;
  return report.blockedBy.map(guardLine).join('; ');
}

/** One guard's block: its name, the numbers it decided on, the ext_ids and first row it names. */
function guardLine(block: GuardBlock): string {
  const numbers = Object.entries(block.numbers)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  const ids = block.extIds?.length ? `; ext_ids ${block.extIds.slice(0, 5).join(', ')}` : '';
  const first = block.first ? ` (first: ${block.first})` : '';
  return `${block.guard}${numbers ? ` (${numbers}${ids})` : ''}: ${block.message}${first}`;
}
