import { median, round, runTask, type Sample } from './measure.js';
import type { BenchContext, TaskSetup } from './types.js';

/**
 * Iterations of the loop each child runs: about 0.7 s of CPU alone on the 2-vCPU bench machine.
 * Long enough that the children of a round, started together, overlap for nearly all of it (their
 * start-up differs by tens of ms), short enough that the measurement adds seconds, not minutes.
 */
export const CONTENTION_ITERATIONS = 400_000_000;
/** Runs alone and rounds together; the medians of three keep one disturbed run out of the factor. */
const ROUNDS = 3;

/**
 * Bench task `cpu-loop <iterations>` (tasks.ts): integer arithmetic only, no allocation and no I/O,
 * so neither GC nor the disk is in its CPU time, only how fast a core runs JavaScript. The sum is
 * returned as the check so the loop cannot be optimised away.
 */
export const cpuLoopTask: TaskSetup = async ([iterations]) => {
  const n = Number(iterations);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`cpu-loop: bad iteration count "${iterations}"`);
  return async () => {
    let x = 0;
    for (let i = 0; i < n; i++) x += i % 7;
    return `sum ${x}`;
  };
};

/** How much more CPU time the same work takes when `processes` processes are busy at once. */
export interface Contention {
  processes: number;
  /** CPU ms of the workload in a process by itself (median). */
  aloneMs: number;
  /** CPU ms of the same workload in each of `processes` processes run at once (median over all). */
  togetherMs: number;
  /** togetherMs / aloneMs, two decimals: 1 when each process has a core to itself. */
  factor: number;
}

/**
 * The contention factor from CPU times: `alone` holds one per run of the workload by itself,
 * `together` one list per round, the CPU ms of each process started at once in it. CPU time, not
 * wall time: a process waiting for a core costs no CPU, so a factor above 1 is the same instructions
 * taking more CPU time when the cores are all busy (SMT siblings sharing a core, a hypervisor's
 * vCPUs on shared hardware, a lower clock with more cores active). Work measured as CPU time on
 * that machine grows by this factor whenever it keeps as many cores busy.
 */
export function contentionFactor(
  alone: readonly number[],
  together: readonly (readonly number[])[],
): Contention {
  const processes = together[0]?.length ?? 0;
  if (alone.length === 0 || processes < 2 || together.some((one) => one.length !== processes))
    throw new Error('contention: need runs alone and rounds of the same number (2 or more) of processes');
  const aloneMs = median(alone);
  const togetherMs = median(together.flat());
  if (!(aloneMs > 0) || !(togetherMs > 0)) throw new Error('contention: CPU times must be positive');
  return {
    processes,
    aloneMs: round(aloneMs),
    togetherMs: round(togetherMs),
    factor: round(togetherMs / aloneMs, 2),
  };
}

const loop = (): Promise<Sample> => runTask({ task: 'cpu-loop', args: [String(CONTENTION_ITERATIONS)] });

/**
 * Measures the machine's contention factor for `processes` busy processes: the loop in a child by
 * itself, then in `processes` children started at once, alternately, `ROUNDS` times each (so a
 * change in the machine's load meets both). Each child times only the loop (child.ts), not its
 * start-up. A bench row whose figure is CPU time with several processes busy over CPU time with
 * one divides by this factor, so that it judges the work our code does, not the machine.
 */
export async function measureContention(ctx: BenchContext, processes = 2): Promise<Contention> {
  const alone: number[] = [];
  const together: number[][] = [];
  for (let i = 0; i < ROUNDS; i++) {
    alone.push((await loop()).cpuMs);
    const samples = await Promise.all(Array.from({ length: processes }, loop));
    together.push(samples.map((sample) => sample.cpuMs));
  }
  const contention = contentionFactor(alone, together);
  ctx.log(
    `contention: the same loop took ${contention.aloneMs} ms of CPU alone, ${contention.togetherMs} ms in each of ${processes} processes at once: factor ${contention.factor}`,
  );
  return contention;
}
