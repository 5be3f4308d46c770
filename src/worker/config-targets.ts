import type { LoadedConfig } from '../config/load-config.js';
import type { TargetConfig } from '../config/schema.js';

/** A target's schedule as pg-boss keeps it: the config's cron and its time zone. */
export interface TargetSchedule {
  target: string;
  cron: string;
  timezone: string;
}

/** Cron expressions without a `timezone:` are read in UTC, as pg-boss does. */
export const DEFAULT_TIMEZONE = 'UTC';

/**
 * Whether the config lets the target run: a target with `enabled: false` is kept in the config
 * but neither scheduled nor run by workers. Read loosely: the key may come with a later config schema.
 */
export function isEnabled(target: TargetConfig): boolean {
  return (target as { enabled?: unknown }).enabled !== false;
}

/** Every enabled target that has a `schedule:`, in config order. */
export function configSchedules(loaded: LoadedConfig): TargetSchedule[] {
  return Object.entries(loaded.config.targets)
    .filter(([, target]) => isEnabled(target) && target.schedule !== undefined)
    .map(([name, target]) => ({
      target: name,
      cron: target.schedule!,
      timezone: target.timezone ?? DEFAULT_TIMEZONE,
    }));
}
