import type { LoadedConfig } from '../config/load-config.js';
import { configSchedules, type TargetSchedule } from './config-targets.js';
import type { JobSettings } from './job-settings.js';
import { SCHEDULE_PREFIX, scheduleQueue, type QueueConnection } from './queue.js';
import type { ScheduleJobData } from './schedule-forward.js';

export interface ScheduleChanges {
  registered: TargetSchedule[];
  /** Targets whose schedule was removed: gone from the config, disabled, or without `schedule:`. */
  removed: string[];
}

/**
 * Makes pg-boss's schedules match the config: one per enabled target with a `schedule:` (its
 * cron in its `timezone:`), none for any other. Registering again replaces a schedule in place,
 * so running this after every config change is safe.
 */
export async function registerSchedules(
  queue: QueueConnection,
  loaded: LoadedConfig,
  settings: JobSettings,
): Promise<ScheduleChanges> {
  const { boss } = queue;
  const wanted = configSchedules(loaded);
  for (const schedule of wanted) {
    const name = scheduleQueue(schedule.target);
    await queue.setup(() => boss.createQueue(name, { name }));
    const data: ScheduleJobData = { target: schedule.target, settings };
    await boss.schedule(name, schedule.cron, data, { tz: schedule.timezone });
  }
  const keep = new Set(wanted.map((schedule) => scheduleQueue(schedule.target)));
  const removed: string[] = [];
  for (const existing of await boss.getSchedules()) {
    if (!existing.name.startsWith(SCHEDULE_PREFIX) || keep.has(existing.name)) continue;
    // The queue itself stays: pg-boss keeps its finished jobs until they are archived.
    await boss.unschedule(existing.name);
    removed.push(existing.name.slice(SCHEDULE_PREFIX.length));
  }
  return { registered: wanted, removed };
}

/** The registered schedules, by target (what the workers' queue will actually fire). */
export async function registeredSchedules(queue: QueueConnection): Promise<Map<string, TargetSchedule>> {
  const found = new Map<string, TargetSchedule>();
  for (const schedule of await queue.boss.getSchedules()) {
    if (!schedule.name.startsWith(SCHEDULE_PREFIX)) continue;
    const target = schedule.name.slice(SCHEDULE_PREFIX.length);
    const timezone = (schedule as { timezone?: string }).timezone ?? schedule.options?.tz ?? 'UTC';
    found.set(target, { target, cron: schedule.cron, timezone });
  }
  return found;
}
