import type { Argv } from 'yargs';
import { UsageError } from '../errors.js';
import { checkNumber, NUMBER_RANGES } from '../config/number-ranges.js';

/** The options that make `plan` and `apply` run a fleet of config targets. */
export interface FleetArgs {
  all?: boolean;
  tag?: string[];
  due?: boolean;
  concurrency?: number;
  /** Repeatable: yargs gives an array when --target is given more than once. */
  target?: string | string[];
}

export const DEFAULT_CONCURRENCY = 4;

export function withFleetOptions<T>(yargs: Argv<T>): Argv<T & FleetArgs> {
  return yargs
    .option('all', { type: 'boolean', describe: 'Run every target of the config file (a fleet)' })
    .option('tag', {
      type: 'string',
      array: true,
      describe: 'Run the config targets carrying this tag (repeatable; --target may be repeated too)',
    })
    .option('due', {
      type: 'boolean',
      describe: 'Of the selected targets (all without --target/--tag), only those whose schedule is now',
    })
    .option('concurrency', {
      type: 'number',
      describe: `Targets of a fleet run at once (default ${DEFAULT_CONCURRENCY})`,
    }) as Argv<T & FleetArgs>;
}

/** The --target values, however many were given. */
export function targetNames(args: FleetArgs): string[] {
  return args.target === undefined ? [] : ([] as string[]).concat(args.target);
}

/** A fleet run: --all, --tag, --due, or --target given more than once. */
export function isFleetRun(args: FleetArgs): boolean {
  return (
    args.all === true || (args.tag?.length ?? 0) > 0 || args.due === true || targetNames(args).length > 1
  );
}

/**
 * Options that name one target's inputs or connection make no sense for a fleet, where each target
 * brings its own from the config: refused rather than applied to every target.
 */
const PER_TARGET_OPTIONS = [
  'input',
  'mapping',
  'plan',
  'out-plan',
  'base-url',
  'client-id',
  'client-secret-file',
] as const;

export function checkFleetArgs(args: FleetArgs & Record<string, unknown>): number {
  for (const option of PER_TARGET_OPTIONS) {
    if (args[option] !== undefined)
      throw new UsageError(`--${option} names one target's own: a fleet takes each target's from the config`);
  }
  return checkNumber('--concurrency', args.concurrency ?? DEFAULT_CONCURRENCY, NUMBER_RANGES.concurrency);
}
