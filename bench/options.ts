import { parseArgs } from 'node:util';

export const TARGETS = [
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
] as const;
export type TargetName = (typeof TARGETS)[number];

export interface BenchOptions {
  /** Products for the extract and plan targets, smallest first (growth = last / first). */
  sizes: number[];
  xlsxSize: number;
  /** `>` in each row tag of the smaller hostile workbook (the xlsx target's tokenizer row). */
  hostileSize: number;
  applySize: number;
  /** Targets of the fleet target, each of FLEET_PRODUCTS products. */
  fleetTargets: number;
  /** The two fleet sizes of the per-target cost rows (issue 37), smaller first. */
  fleetCostTargets: number[];
  /** The two fleet sizes of the night rows (issue 32: first sync and unchanged night), smaller first. */
  nightTargets: number[];
  /** Targets enqueued by the `fleet enqueue` row (the limit is set for the default 10,000). */
  enqueueTargets: number;
  /** Targets of the console row (issue 34: pages under 300 ms at 10,000), each with three stored runs. */
  consoleTargets: number;
  /** Targets of the `fleet status` rows (the limit is set for the default 10,000). */
  statusTargets: number;
  /** Jobs of the worker drain rows (one worker vs two). */
  drainTargets: number;
  reps: number;
  warmup: number;
  only: TargetName[];
  out?: string;
  keep: boolean;
  /** Rewrite docs/benchmarks.md with the method and this run's table. */
  writeDocs: boolean;
}

export const USAGE =
  'usage: npm run bench -- [--sizes 10000,100000] [--xlsx-size 20000] [--hostile-size 50000] [--apply-size 5000] [--fleet-targets 200] [--fleet-cost-targets 1000,10000] [--night-targets 1000,10000] [--enqueue-targets 10000] [--status-targets 10000] [--drain-targets 200] [--console-targets 10000] [--reps 5] [--warmup 1] [--only extract,encoding,xlsx,plan,apply,fleet,fleet-cost,refresh,postgres,workers,night,console,status,round-trips,drain] [--out result.json] [--keep] [--write-docs]';

/** `--help` or `-h` anywhere: print USAGE and run nothing. */
export function wantsHelp(argv: string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${text}"`);
  return n;
}

/** "1000,10000": two positive sizes, smaller first. */
function twoSizes(name: string, text: string): number[] {
  const sizes = text.split(',').map((s) => positive(name, s.trim()));
  if (sizes.length !== 2 || sizes[0]! >= sizes[1]!)
    throw new Error(`--${name} must be two sizes, smaller first, got "${text}"`);
  return sizes;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      'xlsx-size': { type: 'string', default: '20000' },
      'hostile-size': { type: 'string', default: '50000' },
      'apply-size': { type: 'string', default: '5000' },
      'fleet-targets': { type: 'string', default: '200' },
      'fleet-cost-targets': { type: 'string', default: '1000,10000' },
      'night-targets': { type: 'string', default: '1000,10000' },
      'enqueue-targets': { type: 'string', default: '10000' },
      'console-targets': { type: 'string', default: '10000' },
      'status-targets': { type: 'string', default: '10000' },
      'drain-targets': { type: 'string', default: '200' },
      reps: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      only: { type: 'string', default: TARGETS.join(',') },
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'write-docs': { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map((s) => positive('sizes', s.trim()));
  const only = values.only.split(',').map((s) => s.trim());
  const unknown = only.filter((t) => !(TARGETS as readonly string[]).includes(t));
  if (unknown.length > 0) throw new Error(`--only: unknown target ${unknown.join(', ')}`);
  return {
    sizes: [...sizes].sort((a, b) => a - b),
    xlsxSize: positive('xlsx-size', values['xlsx-size']),
    hostileSize: positive('hostile-size', values['hostile-size']),
    applySize: positive('apply-size', values['apply-size']),
    fleetTargets: positive('fleet-targets', values['fleet-targets']),
    fleetCostTargets: twoSizes('fleet-cost-targets', values['fleet-cost-targets']),
    nightTargets: twoSizes('night-targets', values['night-targets']),
    enqueueTargets: positive('enqueue-targets', values['enqueue-targets']),
    consoleTargets: positive('console-targets', values['console-targets']),
    statusTargets: positive('status-targets', values['status-targets']),
    drainTargets: positive('drain-targets', values['drain-targets']),
    reps: positive('reps', values.reps),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup),
    only: only as TargetName[],
    ...(values.out !== undefined ? { out: values.out } : {}),
    keep: values.keep,
    writeDocs: values['write-docs'],
  };
}
