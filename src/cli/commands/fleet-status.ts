import type { CommandModule } from 'yargs';
import { withQueueOptions } from '../queue-options.js';
import type { StatusArgs } from '../handlers/fleet-status.js';

/** `menusync fleet status`: per target, its last run, what is queued or running where, what is next. */
export const fleetStatusCommand: CommandModule<object, StatusArgs> = {
  command: 'status',
  describe:
    'Show each target: last run (outcome, worker), queued or running where, next schedule, needs a person',
  builder: (yargs) => withQueueOptions(yargs).option('json', { type: 'boolean', describe: 'Print as JSON' }),
  handler: async (args) => (await import('../handlers/fleet-status.js')).runFleetStatus(args),
};
