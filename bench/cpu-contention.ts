import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, round, runTimedChild } from './measure.js';
import type { BenchContext } from './types.js';

/**
 * Iterations of the loop each child runs (cpu-loop.ts): about 0.5 s of CPU alone on the 2-vCPU
 * bench machine when it is quiet. Long enough that the few milliseconds between the starts of
 * children started together are a small part of it, short enough that the measurement adds
 * seconds to a bench run, not minutes.
 */
export const CONTENTION_ITERATIONS = 300_000_000;
/** Runs alone and rounds together; the medians of three keep one disturbed run out of the factor. */
const ROUNDS = 3;

const LOOP = fileURLToPath(new URL('./cpu-loop.js', import.meta.url));

/** How much more CPU time the same work takes when `processes` processes are busy at once. */
export interface Contention {
  processes: number;
  /** CPU ms of the workload in a process by itself (median). */
  aloneMs: number;
  /** CPU ms of the same workload in each of `processes` processes run at once (median over all). */
  togetherMs: number;
  /** togetherMs / aloneMs, two decimals: 1 when each process has a core to itself. */
  factor: number;
  /**
   * Cores the whole machine kept busy while the workload ran alone (median, /proc/stat): about 1
   * when it was alone. Above that, something else was running then, and the factor understates.
   */
  aloneBusyCores: number | null;
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
  aloneBusyCores: readonly number[] = [],
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
    aloneBusyCores: aloneBusyCores.length === 0 ? null : round(median(aloneBusyCores)),
  };
}

/** USER_HZ: the unit of /proc's CPU times, 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100;

/** CPU ms the whole machine has spent busy (user, nice, system, irq, softirq); null off Linux. */
function machineBusyMs(): number | null {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** One child running the loop; its CPU is the loop's alone (timeInChild), not the child's start-up. */
const loop = () => runTimedChild(LOOP, [String(CONTENTION_ITERATIONS)], { label: 'contention loop' });

/**
 * Measures the machine's contention factor for `processes` busy processes: the loop in a child by
 * itself, then in `processes` children started at once, alternately, `ROUNDS` times each (so a
 * change in the machine's load meets both). Only meaningful on an otherwise idle machine: with
 * other work running, the runs alone share the cores too (their busy cores above 1 show it) and
 * the factor comes out lower than the machine's. A bench row whose figure is CPU time with several
 * processes busy over CPU time with one divides by this factor, so that it judges the work our
 * code does, not the machine.
 */
export async function measureContention(ctx: BenchContext, processes = 2): Promise<Contention> {
  const alone: number[] = [];
  const busy: number[] = [];
  const together: number[][] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const busy0 = machineBusyMs();
    const t0 = performance.now();
    alone.push((await loop()).cpuMs);
    const busy1 = machineBusyMs();
    if (busy0 !== null && busy1 !== null) busy.push((busy1 - busy0) / (performance.now() - t0));
    const samples = await Promise.all(Array.from({ length: processes }, loop));
    together.push(samples.map((sample) => sample.cpuMs));
  }
  const contention = contentionFactor(alone, together, busy);
  ctx.log(
    `contention: the same loop took ${contention.aloneMs} ms of CPU alone (${contention.aloneBusyCores?.toFixed(1) ?? '?'} cores busy meanwhile), ${contention.togetherMs} ms in each of ${processes} processes at once: factor ${contention.factor}`,
  );
  return contention;
}
