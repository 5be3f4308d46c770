import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One timed run of a task in its own child process. */
export interface Sample {
  ms: number;
  /**
   * CPU time (user + system, all threads) of the task. Steadier than wall time on a loaded
   * machine, but parallel GC threads can push it above wall time.
   */
  cpuMs: number;
  /** Peak resident set of the child process, in MB (process.resourceUsage().maxRSS is in KiB). */
  maxRssMb: number;
  /** What the task produced (e.g. a product count), so a run that did nothing is visible. */
  check: string;
}

/** A task name (see tasks.ts) and its string arguments, as the child receives them. */
export interface TaskCall {
  task: string;
  args: string[];
  /** Extra environment (credentials travel here rather than on the command line). */
  env?: Record<string, string>;
}

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));

/**
 * Runs one task in a fresh `node --expose-gc` child. The child times only the task itself
 * (after its imports and setup), so start-up cost is out of both subject and reference; a child
 * per run also makes maxRSS a per-subject figure.
 */
export function runTask(call: TaskCall, execArgv: string[] = []): Promise<Sample> {
  return runTimedChild(CHILD, [call.task, ...call.args], {
    label: `bench task ${call.task}`,
    env: call.env,
    execArgv,
  });
}

/**
 * Runs `node --expose-gc <script> <args>`, a child that times its own work with `timeInChild`,
 * and resolves with the sample it printed last on stdout.
 */
export function runTimedChild(
  script: string,
  args: string[],
  options: { label: string; env?: Record<string, string>; execArgv?: string[] },
): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', ...(options.execArgv ?? []), script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`${options.label} failed (exit ${code}): ${err.trim() || out.trim()}`));
        return;
      }
      resolve(JSON.parse(line) as Sample);
    });
  });
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Comparison {
  subject: Sample[];
  reference: Sample[];
  subjectMs: number;
  referenceMs: number;
  /** median(subject) / median(reference), wall time: what the targets are judged on. */
  ratio: number;
  /** The same ratio of CPU-time medians, for context on a noisy machine. */
  cpuRatio: number;
  /** Lowest and highest ratio of one run pair (subject / the reference run beside it): the noise. */
  spread: [number, number];
  /** Highest maxRSS over the subject's runs, in MB. */
  subjectRssMb: number;
  referenceRssMb: number;
}

/** One timed run of a subject or a reference, however it is run (a task child, a whole process). */
export type Runner = () => Promise<Sample>;

/** `compareRuns` for two tasks, each run in its own bench child (child.ts). */
export function compare(
  subject: TaskCall,
  reference: TaskCall,
  reps: number,
  warmup = 1,
): Promise<Comparison> {
  return compareRuns(
    () => runTask(subject),
    () => runTask(reference),
    reps,
    warmup,
  );
}

/**
 * Medians of `reps` runs each, subject and reference alternating in pairs (so drift in machine load
 * hits both alike), after `warmup` discarded pairs (file cache, CPU frequency).
 */
export async function compareRuns(
  subject: Runner,
  reference: Runner,
  reps: number,
  warmup = 1,
): Promise<Comparison> {
  for (let i = 0; i < warmup; i++) {
    await subject();
    await reference();
  }
  const s: Sample[] = [];
  const r: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    // Alternate which goes first, too.
    if (i % 2 === 0) {
      s.push(await subject());
      r.push(await reference());
    } else {
      r.push(await reference());
      s.push(await subject());
    }
  }
  const subjectMs = median(s.map((x) => x.ms));
  const referenceMs = median(r.map((x) => x.ms));
  const pairRatios = s.map((x, i) => x.ms / r[i]!.ms);
  return {
    subject: s,
    reference: r,
    subjectMs,
    referenceMs,
    ratio: subjectMs / referenceMs,
    cpuRatio: median(s.map((x) => x.cpuMs)) / median(r.map((x) => x.cpuMs)),
    spread: [Math.min(...pairRatios), Math.max(...pairRatios)],
    subjectRssMb: Math.max(...s.map((x) => x.maxRssMb)),
    referenceRssMb: Math.max(...r.map((x) => x.maxRssMb)),
  };
}

/** Times `work` once in this process and reports the sample as the child's last stdout line. */
export async function timeInChild(work: () => Promise<string>): Promise<void> {
  globalThis.gc?.();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const check = await work();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const sample: Sample = {
    ms: round(ms),
    cpuMs: round((cpu.user + cpu.system) / 1000),
    maxRssMb: round(process.resourceUsage().maxRSS / 1024),
    check,
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
