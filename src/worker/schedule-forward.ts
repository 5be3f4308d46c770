import type PgBoss from 'pg-boss';
import type { LoadedConfig } from '../config/load-config.js';
import { configSchedules } from './config-targets.js';
import { DEFAULT_JOB_SETTINGS, jobSendOptions, type JobSettings } from './job-settings.js';
import { persist } from './persist.js';
import { scheduleQueue, SYNC_QUEUE, type QueueConnection } from './queue.js';
import type { SyncJobData } from './run-job.js';
import { DEFAULT_SCHEDULE_POLL_SECONDS } from './schedule-poll.js';

/** What `fleet schedule` puts in a schedule's jobs. */
export interface ScheduleJobData {
  target: string;
  settings: JobSettings;
}

/**
 * pg-boss puts a schedule's jobs on the schedule's own queue (one schedule per queue in pg-boss
 * 10). Each worker watches the queues of the config's scheduled targets and moves their jobs to
 * the sync queue, with the target as singleton key: a scheduled run joins the same line as an
 * enqueued one, and one already waiting is not doubled. Returns the targets watched.
 */
export async function forwardSchedules(
  queue: QueueConnection,
  loaded: LoadedConfig,
  pollSeconds = DEFAULT_SCHEDULE_POLL_SECONDS,
): Promise<string[]> {
  const schedules = configSchedules(loaded);
  for (const { target } of schedules) {
    const name = scheduleQueue(target);
    await queue.setup(() => queue.boss.createQueue(name, { name }));
    await queue.boss.work<ScheduleJobData>(name, { pollingIntervalSeconds: pollSeconds }, (jobs) =>
      forward(queue, jobs),
    );
  }
  return schedules.map((schedule) => schedule.target);
}

async function forward(queue: QueueConnection, jobs: PgBoss.Job<ScheduleJobData>[]): Promise<void> {
  for (const job of jobs) {
    const { target } = job.data;
    const settings = job.data.settings ?? DEFAULT_JOB_SETTINGS;
    const data: SyncJobData = { target, source: 'schedule', settings };
    const id = await persist(() => queue.boss.send(SYNC_QUEUE, data, jobSendOptions(target, settings)));
    if (id) await persist(() => queue.ledger.queued([{ jobId: id, target }], 'schedule'));
  }
}
