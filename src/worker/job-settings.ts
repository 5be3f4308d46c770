import type PgBoss from 'pg-boss';
import { checkNumber, NUMBER_RANGES } from '../config/number-ranges.js';

/** How the queue treats a target's job: carried in the job, so a schedule's jobs keep them too. */
export interface JobSettings {
  /** Retries of a platform failure (exit 1), each after a growing delay. */
  retryLimit: number;
  /** The first retry's delay; pg-boss doubles it (with jitter) each time. */
  retryDelaySeconds: number;
  /**
   * A started job not finished within this is taken as lost (its worker died) and tried again by
   * another worker. It must be longer than the slowest sync: a live run past it is retried too.
   */
  expireSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireSeconds: 1800,
};

/** The options of `fleet enqueue` and `fleet schedule` that make JobSettings. */
export interface JobSettingArgs {
  retries?: number;
  'retry-delay'?: number;
  'expire-seconds'?: number;
}

export function jobSettings(args: JobSettingArgs): JobSettings {
  const settings = {
    retryLimit: args.retries ?? DEFAULT_JOB_SETTINGS.retryLimit,
    retryDelaySeconds: args['retry-delay'] ?? DEFAULT_JOB_SETTINGS.retryDelaySeconds,
    expireSeconds: args['expire-seconds'] ?? DEFAULT_JOB_SETTINGS.expireSeconds,
  };
  checkNumber('--retries', settings.retryLimit, NUMBER_RANGES.retries);
  checkNumber('--retry-delay', settings.retryDelaySeconds, NUMBER_RANGES.retryDelay);
  checkNumber('--expire-seconds', settings.expireSeconds, NUMBER_RANGES.expireSeconds);
  return settings;
}

/** pg-boss's send options for one target's job: its singleton key is the target. */
export function jobSendOptions(target: string, settings: JobSettings): PgBoss.SendOptions {
  return {
    singletonKey: target,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireSeconds,
  };
}
