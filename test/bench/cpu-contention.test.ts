import { describe, expect, it } from 'vitest';
import { contentionFactor } from '../../bench/cpu-contention.js';

describe("the machine's contention factor (bench/cpu-contention.ts)", () => {
  it('is the median CPU per process of the rounds together over the median alone', () => {
    // Two vCPUs sharing cores: ~1.05 s alone, ~1.5 s each together. One process held up in the
    // last round (9 s) does not move the median of the six.
    const contention = contentionFactor(
      [1000, 1100, 1050],
      [
        [1400, 1600],
        [1500, 1480],
        [1520, 9000],
      ],
    );
    // Together: 1400, 1480, 1500, 1520, 1600, 9000 -> 1510 (the median of the rounds' means would be
    // 1500, their mean 2667); 1510 / 1050 = 1.438.
    expect(contention).toEqual({
      processes: 2,
      aloneMs: 1050,
      togetherMs: 1510,
      factor: 1.44,
      aloneBusyCores: null,
    });
  });

  it('reports the cores the machine kept busy during the runs alone (median)', () => {
    // A second core busy in two of the three runs alone: something else was running.
    expect(contentionFactor([900, 1000, 1000], [[1000, 1000]], [1.04, 1.93, 1.98]).aloneBusyCores).toBe(1.9);
  });

  it('is 1 when each process has a core to itself', () => {
    expect(contentionFactor([700, 710, 690], [[700, 705, 695]]).factor).toBe(1);
    expect(contentionFactor([700], [[700, 705, 695]]).processes).toBe(3);
  });

  it.each([
    ['no run alone', [], [[1, 1]]],
    ['one process per round', [1], [[1]]],
    ['rounds of different sizes', [1], [[1, 1], [1]]],
    ['a CPU time of 0', [0], [[1, 1]]],
  ])('refuses %s', (_what, alone, together) => {
    expect(() => contentionFactor(alone, together)).toThrow(/contention/);
  });
});
