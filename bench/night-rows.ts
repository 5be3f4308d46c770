import { round, type Sample } from './measure.js';
import type { Contention } from './cpu-contention.js';
import type { BenchRow } from './types.js';

/** Issue 32's targets for a night of 50-product targets, CPU of the whole `apply --all` process. */
export const NIGHT_LIMITS = {
  /** CPU ms per target of a night where nothing changed. */
  unchangedMs: 10,
  /** CPU ms per target of a first sync (every target imports its menu). */
  firstMs: 15,
  /** Per-target cost of the large fleet over the small one's. */
  growth: 1.1,
  /** Wall seconds for 10,000 unchanged targets (scaled to the size measured). */
  wallPer10k: 120,
  rssMb: 300,
  /** PostgreSQL state's unchanged night over local state's, wall time. */
  postgres: 1.2,
  /** `fleet status` of the large fleet, whole process, seconds. */
  statusSeconds: 2,
} as const;

/** One fleet size's three whole processes (status: PostgreSQL only). */
export interface NightRun {
  targets: number;
  first: Sample;
  unchanged: Sample;
  status?: Sample;
}

function row(
  target: string,
  size: number,
  sample: Sample | null,
  measured: number,
  unit: BenchRow['unit'],
  limit: number,
  bound: BenchRow['bound'] = 'at-most',
): BenchRow {
  const shown = round(measured, 2);
  return {
    ...{ target, size, subjectMs: sample?.ms ?? null, referenceMs: null, measured: shown, unit },
    ...{ cpuRatio: null, spread: null, limit, bound },
    ...{ subjectRssMb: sample?.maxRssMb ?? null, referenceRssMb: null },
    // Judged on the figure shown, as every row (rows.ts).
    pass: bound === 'below' ? shown < limit : shown <= limit,
    ...(sample ? { check: sample.check } : {}),
  };
}

const perTarget = (sample: Sample, targets: number) => sample.cpuMs / targets;

/**
 * A per-target CPU row with what it would be over the machine's contention factor: the fleet
 * shares the two cores with the sandbox (on the platform's machines in production), and CPU time
 * grows with busy cores (cpu-contention.ts). Judged on the raw figure; the other is for comparing
 * machines.
 */
function withContention(base: BenchRow, contention: Contention | null): BenchRow {
  if (!contention || base.measured === null) return base;
  const over = round(base.measured / contention.factor, 2);
  const note = `${over} ms over the contention factor ${contention.factor}`;
  return { ...base, check: base.check ? `${base.check}; ${note}` : note };
}

/** The rows of one state kind: per-target CPU at both sizes, its growth, wall time and RSS at the large one. */
function stateRows(label: string, [small, large]: NightRun[], contention: Contention | null): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const run of [small!, large!]) {
    const what = `night of ${run.targets} targets x 50 products, ${label}`;
    const { firstMs, unchangedMs } = NIGHT_LIMITS;
    const first = perTarget(run.first, run.targets);
    const unchanged = perTarget(run.unchanged, run.targets);
    rows.push(
      withContention(
        row(`${what}: first sync, CPU ms per target`, run.targets, run.first, first, 'ms', firstMs),
        contention,
      ),
      withContention(
        row(
          `${what}: unchanged, CPU ms per target`,
          run.targets,
          run.unchanged,
          unchanged,
          'ms',
          unchangedMs,
        ),
        contention,
      ),
    );
  }
  const growth = perTarget(large!.unchanged, large!.targets) / perTarget(small!.unchanged, small!.targets);
  const n = large!.targets;
  rows.push(
    row(
      `night unchanged, ${label}: CPU per target at ${n} over at ${small!.targets}`,
      n,
      null,
      growth,
      'x',
      NIGHT_LIMITS.growth,
    ),
  );
  const wallLimit = round((NIGHT_LIMITS.wallPer10k * n) / 10_000, 2);
  rows.push(
    row(
      `night of ${n} targets unchanged, ${label}: wall time (120 s per 10,000)`,
      n,
      large!.unchanged,
      large!.unchanged.ms / 1000,
      's',
      wallLimit,
      'below',
    ),
  );
  rows.push(
    row(
      `night of ${n} targets unchanged, ${label}: peak RSS`,
      n,
      large!.unchanged,
      large!.unchanged.maxRssMb,
      'MB',
      NIGHT_LIMITS.rssMb,
    ),
  );
  return rows;
}

/** Every night row; `pg` null when PostgreSQL was unreachable (its rows are left out, as logged). */
export function nightRows(
  local: NightRun[],
  pg: NightRun[] | null,
  contention: Contention | null = null,
): BenchRow[] {
  const rows = stateRows('local state', local, contention);
  if (!pg) return rows;
  rows.push(...stateRows('PostgreSQL state', pg, contention));
  const [localLarge, pgLarge] = [local[1]!, pg[1]!];
  const n = pgLarge.targets;
  const ratio = pgLarge.unchanged.ms / localLarge.unchanged.ms;
  rows.push({
    ...row(
      `night of ${n} targets unchanged: PostgreSQL vs local state, wall time`,
      n,
      pgLarge.unchanged,
      ratio,
      'x',
      NIGHT_LIMITS.postgres,
    ),
    referenceMs: localLarge.unchanged.ms,
    cpuRatio: round(pgLarge.unchanged.cpuMs / localLarge.unchanged.cpuMs, 2),
    referenceRssMb: localLarge.unchanged.maxRssMb,
  });
  if (pgLarge.status)
    rows.push(
      row(
        `fleet status of ${n} targets (PostgreSQL), whole process`,
        n,
        pgLarge.status,
        pgLarge.status.ms / 1000,
        's',
        NIGHT_LIMITS.statusSeconds,
        'below',
      ),
    );
  return rows;
}
