/** A task's setup (untimed) returns the work to time; the work returns a short check string. */
export type TaskSetup = (args: string[]) => Promise<() => Promise<string>>;

/** One line of the results table: a time ratio, a cost-growth ratio or a memory ceiling. */
export interface BenchRow {
  target: string;
  /** Products in the generated input. */
  size: number;
  subjectMs: number | null;
  referenceMs: number | null;
  /** The figure judged against `limit`: a ratio (x), megabytes, seconds of wall time or CPU ms (per target). */
  measured: number;
  /** `queries`: statements sent to PostgreSQL (bench/pg-round-trips.ts). */
  unit: 'x' | 'MB' | 's' | 'ms' | 'queries';
  /** For a time ratio: the same ratio of CPU-time medians (context only, not judged). */
  cpuRatio: number | null;
  /** For a time ratio: the lowest and highest ratio of a single run pair, i.e. the noise around it. */
  spread: [number, number] | null;
  /** null: the row is reported, not judged (a size or figure the targets do not set a limit for). */
  limit: number | null;
  /** How `measured` meets `limit`: `at-most` (<=, every ratio) or `below` (<). */
  bound: 'at-most' | 'below';
  /** Peak RSS of the subject's child processes, MB. */
  subjectRssMb: number | null;
  referenceRssMb: number | null;
  pass: boolean;
  /** What the subject produced, e.g. "100000 products, 1000000 values, 0 errors". */
  check?: string;
  /** Why the row was not measured (e.g. "skipped: PostgreSQL unreachable"); not judged then. */
  skipped?: string;
}

/** Where the generated data lives and how hard to measure. */
export interface BenchContext {
  dir: string;
  reps: number;
  warmup: number;
  log: (message: string) => void;
}
