import { jobSettingsOf, type JobSettingArgs } from '../queue-options.js';
import { openQueue } from '../../worker/queue.js';
import { registerSchedules } from '../../worker/schedules.js';
import { createOutput } from '../output.js';
import { resolveQueueArgs } from '../queue-args.js';
import type { QueueArgs } from '../queue-options.js';

export type ScheduleArgs = QueueArgs & JobSettingArgs & { debug?: boolean };

/** Registers the config's schedules with the queue. */
export async function runFleetSchedule(args: ScheduleArgs): Promise<void> {
  const out = createOutput({ debug: args.debug === true });
  const settings = jobSettingsOf(args);
  const { loaded, stateUrl } = await resolveQueueArgs(args);
  const queue = await openQueue(stateUrl, { name: 'menusync fleet schedule', background: false });
  try {
    const changes = await registerSchedules(queue, loaded, settings);
    const lines = [
      ...changes.registered.map((s) => `scheduled  ${s.target}: ${s.cron} (${s.timezone})`),
      ...changes.removed.map((target) => `removed    ${target}`),
    ];
    if (lines.length > 0) out.data(lines.join('\n'));
    out.info(
      `${changes.registered.length} schedule(s) registered, ${changes.removed.length} removed at ${queue.where.display}`,
    );
  } finally {
    await queue.close();
  }
}
