import { describe, expect, it } from 'vitest';
import { renderDocsPage } from '../../bench/docs-page.js';
import type { BenchResult } from '../../bench/run-bench.js';

const result: BenchResult = {
  formatVersion: 1,
  date: '2026-11-25T21:50:00.000Z',
  machine: { node: 'v20.20.2', platform: 'linux-x64', cpus: 2, cpuModel: 'AMD EPYC' },
  options: {
    sizes: [10000, 100000],
    xlsxSize: 20000,
    hostileSize: 50000,
    applySize: 5000,
    fleetTargets: 200,
    fleetCostTargets: [1000, 10000],
    nightTargets: [1000, 10000],
    enqueueTargets: 10000,
    consoleTargets: 10000,
    statusTargets: 10000,
    drainTargets: 200,
    reps: 3,
    warmup: 1,
    only: ['extract', 'plan'],
  },
  rows: [
    {
      target: 'extract --out peak RSS',
      size: 100000,
      subjectMs: null,
      referenceMs: null,
      measured: 240,
      unit: 'MB',
      cpuRatio: null,
      spread: null,
      limit: 256,
      bound: 'at-most',
      subjectRssMb: 240,
      referenceRssMb: 60,
      pass: true,
    },
  ],
  allPass: true,
};

describe('docs/benchmarks.md as npm run bench -- --write-docs writes it', () => {
  const page = renderDocsPage(result, { start: [3.25, 2, 1], end: [4, 3.5, 2] });

  it('holds the method and exactly one run: its command, conditions and table', () => {
    expect(page).toMatch(/^# Benchmarks\n/);
    expect(page).toContain('## Method');
    expect(page.match(/^## The run$/gm)).toHaveLength(1);
    expect(page).toContain(
      '- Command: `npm run bench -- --write-docs --only extract,plan --sizes 10000,100000 --reps 3 --warmup 1`',
    );
    expect(page).toContain(
      '- Load average (1, 5, 15 min): at the start 3.3, 2.0, 1.0; at the end 4.0, 3.5, 2.0',
    );
    expect(page).toContain('| extract --out peak RSS | 100000 | – | – | 240 MB | ≤ 256 MB |');
  });

  it("names issue 21's references and limits for the speed targets", () => {
    expect(page).toContain('csv-parse with `columns: true` and writing every record as JSON');
    expect(page).toContain('1.2x at 100k; peak RSS ≤ 256 MB; 100k/10k time ≤ 10.5x');
    expect(page).toContain('2.0x at 100k; 100k/10k time ≤ 10.5x; peak RSS reported');
  });
});
