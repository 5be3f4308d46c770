import { median, round, type Comparison, type Sample } from './measure.js';
import type { BenchRow } from './types.js';

/** Peak RSS of the 100k-product extract at most 256 MB. */
export const RSS_LIMIT_MB = 256;
/** 10x the rows within 10.5x the time: linear with little slack, never quadratic. */
export const GROWTH_LIMIT = 10.5;

/** Subject time over reference time, judged against `limit` (null: reported only). */
export function ratioRow(target: string, size: number, c: Comparison, limit: number | null): BenchRow {
  return {
    target,
    size,
    subjectMs: c.subjectMs,
    referenceMs: c.referenceMs,
    measured: round(c.ratio, 2),
    unit: 'x',
    cpuRatio: round(c.cpuRatio, 2),
    spread: [round(c.spread[0], 2), round(c.spread[1], 2)],
    limit,
    bound: 'at-most',
    subjectRssMb: c.subjectRssMb,
    referenceRssMb: c.referenceRssMb,
    // Judged on the figure shown, so the table and the verdict never disagree.
    pass: limit === null || round(c.ratio, 2) <= limit,
    check: c.subject[0]?.check,
  };
}

/** The subject's peak RSS against the memory ceiling (`judged: false`: reported only). */
export function rssRow(
  target: string,
  size: number,
  c: Comparison,
  bound: BenchRow['bound'],
  { judged = true } = {},
): BenchRow {
  return {
    target,
    size,
    subjectMs: null,
    referenceMs: null,
    measured: c.subjectRssMb,
    unit: 'MB',
    cpuRatio: null,
    spread: null,
    limit: judged ? RSS_LIMIT_MB : null,
    subjectRssMb: c.subjectRssMb,
    referenceRssMb: c.referenceRssMb,
    bound,
    pass: !judged || bound === 'below' ? c.subjectRssMb < RSS_LIMIT_MB : c.subjectRssMb <= RSS_LIMIT_MB,
  };
}

/** large/small: how the subject's time grows; 10.5x allowed for 10x the products, scaled to the sizes. */
export function growthRow(target: string, small: Comparison, large: Comparison, sizes: number[]): BenchRow {
  const growth = round(large.subjectMs / small.subjectMs, 2);
  const limit = round((GROWTH_LIMIT * sizes[1]!) / sizes[0]! / 10, 2);
  return {
    target: `${target}: ${sizes[1]}/${sizes[0]} time`,
    size: sizes[1]!,
    subjectMs: large.subjectMs,
    referenceMs: small.subjectMs,
    measured: growth,
    unit: 'x',
    cpuRatio: round(median(large.subject.map((x) => x.cpuMs)) / median(small.subject.map((x) => x.cpuMs)), 2),
    spread: null,
    limit,
    bound: 'at-most',
    subjectRssMb: null,
    referenceRssMb: null,
    pass: growth <= limit,
  };
}

/** A whole process's wall time in seconds (the median of its samples) against an absolute limit. */
export function secondsRow(
  target: string,
  size: number,
  samples: Sample[],
  limitSeconds: number,
  check: string | undefined,
): BenchRow {
  const seconds = round(median(samples.map((s) => s.ms)) / 1000, 2);
  return {
    target,
    size,
    subjectMs: median(samples.map((s) => s.ms)),
    referenceMs: null,
    measured: seconds,
    unit: 's',
    cpuRatio: null,
    spread: null,
    limit: limitSeconds,
    bound: 'below',
    subjectRssMb: Math.max(...samples.map((s) => s.maxRssMb)),
    referenceRssMb: null,
    pass: seconds < limitSeconds,
    check,
  };
}
