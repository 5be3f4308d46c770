import type { Argv } from 'yargs';
import { CONFIG_FILE } from '../config/config-file.js';
import { DEFAULT_JOB_SETTINGS, jobSettings, type JobSettings } from '../worker/job-settings.js';

/** What `worker` and `fleet …` need: the config every machine shares, and the PostgreSQL state. */
export interface QueueArgs {
  config?: string;
  state?: string;
}

export function withQueueOptions<T>(yargs: Argv<T>): Argv<T & QueueArgs> {
  return yargs
    .option('config', { type: 'string', describe: `Config file (default: ./${CONFIG_FILE})` })
    .option('state', {
      type: 'string',
      describe:
        "The PostgreSQL state, postgres://USER@HOST:PORT/DB[?schema=NAME] (env MENUSYNC_STATE, or the config's state:); the queue lives beside it",
    }) as Argv<T & QueueArgs>;
}

/** The options of `fleet enqueue` and `fleet schedule` that make JobSettings. */
export interface JobSettingArgs {
  retries?: number;
  'retry-delay'?: number;
  'expire-seconds'?: number;
}

/** The job settings the flags give, checked, with the flags named in messages. */
export function jobSettingsOf(args: JobSettingArgs): JobSettings {
  return jobSettings(
    {
      ...(args.retries !== undefined ? { retryLimit: args.retries } : {}),
      ...(args['retry-delay'] !== undefined ? { retryDelaySeconds: args['retry-delay'] } : {}),
      ...(args['expire-seconds'] !== undefined ? { expireSeconds: args['expire-seconds'] } : {}),
    },
    { retryLimit: '--retries', retryDelaySeconds: '--retry-delay', expireSeconds: '--expire-seconds' },
  );
}

/** The options that say how the queue treats a job (job-settings.ts). */
export function withJobSettingOptions<T>(yargs: Argv<T>): Argv<T & JobSettingArgs> {
  return yargs
    .option('retries', {
      type: 'number',
      describe: `Retries of a platform failure (exit 1), with growing delays (default ${DEFAULT_JOB_SETTINGS.retryLimit})`,
    })
    .option('retry-delay', {
      type: 'number',
      describe: `Seconds before the first retry; doubled each time (default ${DEFAULT_JOB_SETTINGS.retryDelaySeconds})`,
    })
    .option('expire-seconds', {
      type: 'number',
      describe: `A started job not done within this is taken as lost and run by another worker (default ${DEFAULT_JOB_SETTINGS.expireSeconds}); longer than the slowest sync`,
    }) as Argv<T & JobSettingArgs>;
}
