import type { CommandModule } from 'yargs';
import { withJobSettingOptions, withQueueOptions } from '../queue-options.js';
import type { ScheduleArgs } from '../handlers/fleet-schedule.js';

/** `menusync fleet schedule`: the config's `schedule:`s become the queue's schedules. */
export const fleetScheduleCommand: CommandModule<object, ScheduleArgs> = {
  command: 'schedule',
  describe: "Register every target's schedule: (cron, timezone:) with the queue; remove the others",
  builder: (yargs) => withJobSettingOptions(withQueueOptions(yargs)),
  handler: async (args) => (await import('../handlers/fleet-schedule.js')).runFleetSchedule(args),
};
