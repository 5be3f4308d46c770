import type { BenchRow } from './types.js';

function ms(value: number | null): string {
  return value === null ? '–' : value.toFixed(0);
}

function mb(value: number | null): string {
  return value === null ? '–' : value.toFixed(0);
}

function judged(row: BenchRow): [string, string] {
  const bound = row.bound === 'below' ? '<' : '≤';
  const unit = { x: 'x', MB: ' MB', s: ' s', ms: ' ms', queries: ' queries' }[row.unit];
  const limit = row.limit === null ? '–' : `${bound} ${row.limit}${unit}`;
  if (row.skipped !== undefined) return ['–', limit];
  if (row.unit === 'x') return [`${row.measured.toFixed(2)}x`, limit];
  if (row.unit === 's') return [`${row.measured.toFixed(2)} s`, limit];
  if (row.unit === 'ms') return [`${row.measured.toFixed(1)} ms`, limit];
  if (row.unit === 'queries') return [`${row.measured.toFixed(1)} queries`, limit];
  return [`${row.measured.toFixed(0)} MB`, limit];
}

function result(row: BenchRow): string {
  if (row.skipped !== undefined) return row.skipped;
  if (row.limit === null) return 'reported';
  return row.pass ? 'PASS' : '**FAIL**';
}

/** The results as a Markdown table (docs/benchmarks.md carries one, written by --write-docs). */
export function renderTable(rows: readonly BenchRow[]): string {
  const lines = [
    '| Target | Products | Subject ms | Reference ms | Measured | Limit | Pair ratios (min–max) | CPU ratio | Peak RSS MB (subject / reference) | Result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const [measured, limit] = judged(row);
    const rss = row.subjectRssMb === null ? '–' : `${mb(row.subjectRssMb)} / ${mb(row.referenceRssMb)}`;
    lines.push(
      `| ${row.target} | ${row.size} | ${ms(row.subjectMs)} | ${ms(row.referenceMs)} | ${measured} | ${limit} | ${row.spread === null ? '–' : `${row.spread[0].toFixed(2)}–${row.spread[1].toFixed(2)}x`} | ${row.cpuRatio === null ? '–' : `${row.cpuRatio.toFixed(2)}x`} | ${rss} | ${result(row)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
