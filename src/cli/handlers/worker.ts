import { hostname } from 'node:os';
import { UsageError } from '../../errors.js';
import { fleetLine } from '../fleet-lines.js';
import { createOutput, type Output } from '../output.js';
import { resolveQueueArgs } from '../queue-args.js';
import type { QueueArgs } from '../queue-options.js';
import { WORKER_DEFAULTS as DEFAULTS } from '../worker-defaults.js';
import { startWorker } from '../../worker/run-worker.js';

export type WorkerArgs = QueueArgs & {
  concurrency?: number;
  name?: string;
  'grace-seconds'?: number;
  'held-retry-seconds'?: number;
  'poll-seconds'?: number;
  'supervise-seconds'?: number;
  'schedule-poll-seconds'?: number;
  'cron-seconds'?: number;
  quiet?: boolean;
  debug?: boolean;
};

/** Runs the worker until it is stopped. */
export async function runWorker(args: WorkerArgs): Promise<void> {
  const out = createOutput({ quiet: args.quiet === true, debug: args.debug === true });
  const concurrency = args.concurrency ?? DEFAULTS.concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError(`--concurrency must be a whole number of at least 1, got ${concurrency}`);
  const graceSeconds = positive(args['grace-seconds'], DEFAULTS.grace, '--grace-seconds');
  const { loaded, stateUrl } = await resolveQueueArgs(args);
  const name = args.name ?? `${hostname()}:${process.pid}`;
  const worker = await startWorker({
    worker: name,
    loaded,
    stateUrl,
    concurrency,
    graceSeconds,
    heldRetrySeconds: positive(args['held-retry-seconds'], DEFAULTS.heldRetry, '--held-retry-seconds'),
    ...timing(args),
    targetOutput: (target) => targetOutput(out, target),
    onStart: (target, jobId) => out.debug(`started   ${target} (job ${jobId})`),
    onEnd: (entry, decision) => {
      const line = `${fleetLine(entry, 'apply')}${decision.needsPerson ? ' [needs a person]' : ''}${
        decision.state === 'retrying'
          ? ' [retried later]'
          : decision.state === 'held'
            ? ' [locked: queued again]'
            : ''
      }`;
      if (decision.state === 'succeeded') out.info(line);
      else out.error(line);
    },
    warn: (line) => out.error(line),
    onError: (error) => out.debug(`queue: ${error.message}`),
  });
  out.info(
    `menusync worker ${name}: taking syncs from the queue (concurrency ${concurrency}; schedules of ${worker.scheduled.length} targets)`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  out.info(
    `menusync worker ${name}: ${signal}: taking no new job; running syncs have ${graceSeconds} s to finish`,
  );
  const left = await worker.stop();
  if (left > 0) {
    out.warn(
      `menusync worker ${name}: ${left} sync(s) still running after the grace period go back to the queue`,
    );
    // Their HTTP requests would keep the process alive; the queue already gave their jobs back.
    process.exit(0);
  }
  out.info(`menusync worker ${name}: stopped`);
}

function positive(value: number | undefined, fallback: number, option: string): number {
  const chosen = value ?? fallback;
  if (!(chosen > 0)) throw new UsageError(`${option} must be more than 0, got ${chosen}`);
  return chosen;
}

function timing(args: WorkerArgs) {
  const pick = (option: keyof WorkerArgs & `${string}-seconds`) =>
    args[option] === undefined ? undefined : positive(args[option], 1, `--${option}`);
  const values = {
    pollSeconds: pick('poll-seconds'),
    superviseSeconds: pick('supervise-seconds'),
    schedulePollSeconds: pick('schedule-poll-seconds'),
    cronSeconds: pick('cron-seconds'),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof typeof values, number>
  >;
}

/** A sync's own messages (extract summary, retries), shown with --debug, named by target. */
function targetOutput(out: Output, target: string): Output {
  const line = (text: string) => out.debug(`[${target}] ${text}`);
  return { color: false, quiet: true, data: line, info: line, warn: line, error: line, debug: line };
}
