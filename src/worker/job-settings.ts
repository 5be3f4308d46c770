import type PgBoss from 'pg-boss';
import { UsageError } from '../errors.js';

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
  if (!Number.isInteger(settings.retryLimit) || settings.retryLimit < 0)
    throw new UsageError(`--retries must be a whole number of at least 0, got ${settings.retryLimit}`);
  if (!Number.isInteger(settings.retryDelaySeconds) || settings.retryDelaySeconds < 0)
    throw new UsageError(
      `--retry-delay must be a whole number of seconds, got ${settings.retryDelaySeconds}`,
    );
  if (!Number.isInteger(settings.expireSeconds) || settings.expireSeconds < 1)
    throw new UsageError(
      `--expire-seconds must be a whole number of at least 1, got ${settings.expireSeconds}`,
    );
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
