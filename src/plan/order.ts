/**
 * Which entities moved, given their ext_ids in baseline order and in desired order (only ext_ids
 * present on both sides are passed). The entities that kept their relative order form the longest
 * increasing subsequence of baseline indexes taken in desired order; every other entity moved.
 * Moving one product to the top therefore reports that one product, not every product it passed.
 * O(n log n) (patience sorting), so a 100k-product menu costs milliseconds.
 */
export function movedIds(baselineOrder: readonly string[], desiredOrder: readonly string[]): Set<string> {
  const baselineIndex = new Map<string, number>();
  baselineOrder.forEach((id, i) => baselineIndex.set(id, i));
  const seq: number[] = [];
  const ids: string[] = [];
  for (const id of desiredOrder) {
    const index = baselineIndex.get(id);
    if (index !== undefined) {
      seq.push(index);
      ids.push(id);
    }
  }
  const kept = longestIncreasing(seq);
  const moved = new Set<string>();
  ids.forEach((id, i) => {
    if (!kept.has(i)) moved.add(id);
  });
  return moved;
}

/** Positions (into seq) of one longest strictly increasing subsequence. */
function longestIncreasing(seq: readonly number[]): Set<number> {
  const tails: number[] = []; // tails[k]: position in seq of the smallest tail of a run of length k+1
  const previous: number[] = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    const value = seq[i] as number;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((seq[tails[mid] as number] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  let at = tails.length > 0 ? (tails[tails.length - 1] as number) : -1;
  while (at !== -1) {
    kept.add(at);
    at = previous[at] as number;
  }
  return kept;
}
