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

/** How the caller names each job setting in messages (the CLI: --retries, --retry-delay, --expire-seconds). */
export type JobSettingNames = Readonly<Record<keyof JobSettings, string>>;

/** The given job settings over the defaults, each checked against its range. */
export function jobSettings(
  given: Partial<JobSettings>,
  names: JobSettingNames = {
    retryLimit: 'retryLimit',
    retryDelaySeconds: 'retryDelaySeconds',
    expireSeconds: 'expireSeconds',
  },
): JobSettings {
  const settings = { ...DEFAULT_JOB_SETTINGS, ...given };
  checkNumber(names.retryLimit, settings.retryLimit, NUMBER_RANGES.retries);
  checkNumber(names.retryDelaySeconds, settings.retryDelaySeconds, NUMBER_RANGES.retryDelay);
  checkNumber(names.expireSeconds, settings.expireSeconds, NUMBER_RANGES.expireSeconds);
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
