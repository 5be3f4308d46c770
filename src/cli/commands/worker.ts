import type { CommandModule } from 'yargs';
import { withQueueOptions } from '../queue-options.js';
import { WORKER_DEFAULTS as DEFAULTS } from '../worker-defaults.js';
import { DEFAULT_SCHEDULE_POLL_SECONDS } from '../../worker/schedule-poll.js';
import type { WorkerArgs } from '../handlers/worker.js';

/** `menusync worker`: runs queued target syncs (from `fleet enqueue` and the schedules) until stopped. */
export const workerCommand: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'Run queued syncs from the PostgreSQL queue, as many machines as you like, until SIGTERM',
  builder: (yargs) =>
    withQueueOptions(yargs)
      .option('concurrency', { type: 'number', describe: `Syncs at once (default ${DEFAULTS.concurrency})` })
      .option('name', { type: 'string', describe: "This worker's name in fleet status (default HOST:PID)" })
      .option('grace-seconds', {
        type: 'number',
        describe: `On SIGTERM, how long running syncs may take to finish (default ${DEFAULTS.grace})`,
      })
      .option('held-retry-seconds', {
        type: 'number',
        describe: `A target held by another run is tried again after this (default ${DEFAULTS.heldRetry})`,
      })
      .option('poll-seconds', {
        type: 'number',
        describe: 'How often an idle worker asks for a job (default 2)',
      })
      .option('supervise-seconds', {
        type: 'number',
        describe: "How often lost jobs (a dead worker's) are looked for (default 60)",
      })
      .option('schedule-poll-seconds', {
        type: 'number',
        describe: `How often the schedules' jobs are looked for (default ${DEFAULT_SCHEDULE_POLL_SECONDS})`,
      })
      .option('cron-seconds', {
        type: 'number',
        describe: 'How often the schedules are checked (default 30)',
      })
      .option('quiet', { type: 'boolean', describe: 'Print only syncs that need a look' }),
  handler: async (args) => (await import('../handlers/worker.js')).runWorker(args),
};
