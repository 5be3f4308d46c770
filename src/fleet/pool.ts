/**
 * Runs `work` on every item, at most `concurrency` at once, in order of the items. `stopped()` is
 * asked before each start: once it says true, the items not yet started are skipped (left
 * undefined in the result). A worker's rejection is the caller's business: pass a worker that
 * never rejects (a target's run turns its error into its result).
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
  stopped: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !stopped()) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  const lanes = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}
