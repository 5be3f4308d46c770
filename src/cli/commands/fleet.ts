import type { Argv, CommandModule } from 'yargs';
import { fleetEnqueueCommand } from './fleet-enqueue.js';
import { fleetScheduleCommand } from './fleet-schedule.js';
import { fleetStatusCommand } from './fleet-status.js';

/** `menusync fleet <enqueue|schedule|status>`: the workers' queue, seen from any machine. */
export const fleetCommand: CommandModule<object, object> = {
  command: 'fleet',
  describe: "The sync workers' queue: enqueue runs, register schedules, see where every target stands",
  builder: (yargs: Argv) =>
    yargs
      .command(fleetEnqueueCommand)
      .command(fleetScheduleCommand)
      .command(fleetStatusCommand)
      .demandCommand(1, 'name what to do: enqueue, schedule or status'),
  handler: () => undefined,
};
