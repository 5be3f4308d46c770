import { describe, expect, it } from 'vitest';
import type { Contention } from '../../bench/cpu-contention.js';
import { DRAIN_CPU_LIMIT, drainRows, type Drain } from '../../bench/worker-drain.js';

// 200 jobs: one worker 3.8 s of CPU (19 ms a job), two 5.02 s together (25.1 ms a job): 1.32x raw.
const one: Drain = { ms: 40_000, cpuMs: 3800, imports: 200 };
const two: Drain = { ms: 30_000, cpuMs: 5020, imports: 200 };
const machine = (factor: number, togetherMs = 1000 * factor): Contention => ({
  processes: 2,
  aloneMs: 1000,
  togetherMs,
  factor,
  aloneBusyCores: 1,
});

describe('the drain rows of the bench (bench/worker-drain.ts)', () => {
  it("judges CPU per job over the machine's contention factor, keeping the raw ratio as the CPU ratio", () => {
    const [wall, cpu] = drainRows(200, one, two, machine(1.4));
    // 1.32 / 1.4 = 0.943: the work per job did not grow, the machine's CPU time did.
    expect(cpu).toMatchObject({
      target:
        "sync workers: drain of 200 jobs, CPU per job with 2 worker processes over with 1, over the machine's contention factor (2 busy processes each take 1.4x the CPU of one alone)",
      subjectMs: 25.1,
      referenceMs: 19,
      measured: 0.94,
      cpuRatio: 1.32,
      limit: DRAIN_CPU_LIMIT,
      pass: true,
    });
    expect(cpu!.check).toBe(
      '200 jobs, 200 and 200 imports; CPU per job 19 and 25.1 ms (1.32x); contention factor 1.4 (2 busy processes each took 1400 ms of CPU for a loop that took 1000 ms alone, 1.0 cores busy then); 1.32x over 1.4 = 0.94x',
    );
    // The wall row is not corrected, but names the factor too.
    expect(wall).toMatchObject({ measured: 0.75, cpuRatio: 1.32, pass: false });
    expect(wall!.check).toContain('contention factor 1.4 (');
  });

  it('fails the CPU row when the work per job grew beyond what the machine explains', () => {
    // On a machine where busy processes do not slow each other, 1.32x is 1.32x.
    expect(drainRows(200, one, two, machine(1))[1]).toMatchObject({ measured: 1.32, pass: false });
    // 1.32 / 1.19 = 1.109, shown 1.11: over the 1.1x allowed.
    expect(drainRows(200, one, two, machine(1.19))[1]).toMatchObject({ measured: 1.11, pass: false });
    expect(drainRows(200, one, two, machine(1.2))[1]).toMatchObject({ measured: 1.1, pass: true });
  });
});
