import type { CommandModule } from 'yargs';
import { withJobSettingOptions, withQueueOptions } from '../queue-options.js';
import type { EnqueueArgs } from '../handlers/fleet-enqueue.js';

/** `menusync fleet enqueue`: queue syncs now; prints one job id per target. */
export const fleetEnqueueCommand: CommandModule<object, EnqueueArgs> = {
  command: 'enqueue',
  describe: 'Queue a sync of the chosen targets now, for the workers; prints the job ids',
  builder: (yargs) =>
    withJobSettingOptions(withQueueOptions(yargs))
      .option('all', { type: 'boolean', describe: 'Every target of the config' })
      .option('target', { type: 'string', array: true, describe: 'This target (repeatable)' })
      .option('tag', { type: 'string', array: true, describe: 'The targets carrying this tag (repeatable)' })
      .option('json', { type: 'boolean', describe: 'Print the jobs as JSON' }),
  handler: async (args) => (await import('../handlers/fleet-enqueue.js')).runFleetEnqueue(args),
};
