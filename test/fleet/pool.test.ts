import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/fleet/pool.js';

/** A piece of work the test finishes by hand, so no timing decides anything. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('runPool', () => {
  it('runs at most `concurrency` at once, starts in order, and keeps results in item order', async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const pool = runPool([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      most = Math.max(most, ++running);
      await gates[item]!.opened;
      running--;
      return item * 10;
    });
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await pool).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
  });

  it('starts nothing more once stopped, leaving the rest undefined', async () => {
    let stop = false;
    const results = await runPool(
      ['a', 'b', 'c', 'd'],
      1,
      async (item) => {
        if (item === 'b') stop = true;
        return item;
      },
      () => stop,
    );
    expect(results).toEqual(['a', 'b', undefined, undefined]);
  });

  it('copes with more lanes than items and with no items', async () => {
    expect(await runPool([1], 8, async (n) => n + 1)).toEqual([2]);
    expect(await runPool([], 4, async (n: number) => n)).toEqual([]);
  });
});
