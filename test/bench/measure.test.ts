import { describe, expect, it } from 'vitest';
import { median } from '../../bench/measure.js';
import { parseBenchArgs } from '../../bench/options.js';
import { renderTable } from '../../bench/report.js';
import type { BenchRow } from '../../bench/types.js';

describe('median', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 1, 1, 1, 10], 1],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('parseBenchArgs', () => {
  it('defaults to 10k and 100k products, 5 repetitions after one warm-up, every target', () => {
    expect(parseBenchArgs([])).toMatchObject({
      sizes: [10000, 100000],
      reps: 5,
      warmup: 1,
      only: [
        'extract',
        'encoding',
        'xlsx',
        'plan',
        'apply',
        'fleet',
        'fleet-cost',
        'refresh',
        'postgres',
        'workers',
        'night',
        'console',
        'status',
        'round-trips',
        'drain',
      ],
      fleetTargets: 200,
      fleetCostTargets: [1000, 10000],
      nightTargets: [1000, 10000],
      statusTargets: 10000,
      drainTargets: 200,
      consoleTargets: 10000,
    });
  });

  it('sorts sizes so growth is always largest over smallest', () => {
    expect(parseBenchArgs(['--sizes', '500,50']).sizes).toEqual([50, 500]);
  });

  it.each([
    [['--reps', '0'], /--reps must be a positive integer/],
    [['--fleet-targets', '0'], /--fleet-targets must be a positive integer/],
    [['--fleet-cost-targets', '10000,1000'], /--fleet-cost-targets must be two sizes, smaller first/],
    [['--night-targets', '1000'], /--night-targets must be two sizes, smaller first/],
    [['--sizes', '10,abc'], /--sizes must be a positive integer/],
    [['--only', 'extract,deploy'], /unknown target deploy/],
    [['--fast'], /Unknown option/],
  ])('rejects %j', (args, message) => {
    expect(() => parseBenchArgs(args)).toThrow(message);
  });
});

describe('renderTable', () => {
  const row: BenchRow = {
    target: 'extract CSV vs csv-parse',
    size: 100,
    subjectMs: 150.4,
    referenceMs: 100,
    measured: 1.5,
    unit: 'x',
    cpuRatio: 1.4,
    spread: [1.31, 1.72],
    limit: 1.5,
    bound: 'at-most',
    subjectRssMb: 90.2,
    referenceRssMb: 80,
    pass: true,
  };

  it('shows ratios with their limit and the spread of run pairs, and memory ceilings in MB', () => {
    const table = renderTable([
      row,
      {
        ...row,
        target: 'peak RSS',
        unit: 'MB',
        measured: 600,
        limit: 512,
        bound: 'below',
        cpuRatio: null,
        spread: null,
        pass: false,
      },
    ]);
    expect(table.split('\n').slice(2, 4)).toEqual([
      '| extract CSV vs csv-parse | 100 | 150 | 100 | 1.50x | ≤ 1.5x | 1.31–1.72x | 1.40x | 90 / 80 | PASS |',
      '| peak RSS | 100 | 150 | 100 | 600 MB | < 512 MB | – | – | 90 / 80 | **FAIL** |',
    ]);
  });
});
