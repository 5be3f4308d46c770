import { FLAG_NAMES } from '../setting-flags.js';
import { hostname } from 'node:os';
import { fleetLine } from '../fleet-lines.js';
import { createOutput, type Output } from '../output.js';
import { resolveQueueArgs } from '../queue-args.js';
import type { QueueArgs } from '../queue-options.js';
import { WORKER_DEFAULTS as DEFAULTS } from '../worker-defaults.js';
import { startWorker } from '../../worker/run-worker.js';
import { checkNumber, NUMBER_RANGES, type NumberRange } from '../../config/number-ranges.js';

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
  const concurrency = checkNumber(
    '--concurrency',
    args.concurrency ?? DEFAULTS.concurrency,
    NUMBER_RANGES.concurrency,
  );
  const graceSeconds = checkNumber(
    '--grace-seconds',
    args['grace-seconds'] ?? DEFAULTS.grace,
    NUMBER_RANGES.graceSeconds,
  );
  const { loaded, stateUrl } = await resolveQueueArgs(args);
  const name = args.name ?? `${hostname()}:${process.pid}`;
  const worker = await startWorker({
    worker: name,
    loaded,
    stateUrl,
    concurrency,
    graceSeconds,
    heldRetrySeconds: checkNumber(
      '--held-retry-seconds',
      args['held-retry-seconds'] ?? DEFAULTS.heldRetry,
      NUMBER_RANGES.heldRetrySeconds,
    ),
    ...timing(args),
    targetOutput: (target) => targetOutput(out, target),
    names: FLAG_NAMES,
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

function timing(args: WorkerArgs) {
  const pick = (option: keyof WorkerArgs & `${string}-seconds`, range: NumberRange) => {
    const value = args[option];
    return value === undefined ? undefined : checkNumber(`--${option}`, value, range);
  };
  const values = {
    pollSeconds: pick('poll-seconds', NUMBER_RANGES.pollSeconds),
    superviseSeconds: pick('supervise-seconds', NUMBER_RANGES.superviseSeconds),
    schedulePollSeconds: pick('schedule-poll-seconds', NUMBER_RANGES.schedulePollSeconds),
    cronSeconds: pick('cron-seconds', NUMBER_RANGES.cronSeconds),
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
