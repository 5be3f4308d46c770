import type { CommandModule } from 'yargs';
import { fleetStatus } from '../../worker/fleet-status.js';
import { openQueue } from '../../worker/queue.js';
import { renderQueueStatus } from '../../worker/render-status.js';
import { createOutput } from '../output.js';
import { resolveQueueArgs, withQueueOptions, type QueueArgs } from '../queue-options.js';

type StatusArgs = QueueArgs & { json?: boolean; debug?: boolean };

/** `menusync fleet status`: per target, its last run, what is queued or running where, what is next. */
export const fleetStatusCommand: CommandModule<object, StatusArgs> = {
  command: 'status',
  describe:
    'Show each target: last run (outcome, worker), queued or running where, next schedule, needs a person',
  builder: (yargs) => withQueueOptions(yargs).option('json', { type: 'boolean', describe: 'Print as JSON' }),
  handler: async (args) => {
    const out = createOutput({ debug: args.debug === true });
    const { loaded, stateUrl } = await resolveQueueArgs(args);
    const queue = await openQueue(stateUrl, { name: 'menusync fleet status', background: false });
    try {
      const targets = await fleetStatus(queue, loaded);
      const needsPerson = targets.filter((target) => target.needsPerson).map((target) => target.target);
      if (args.json)
        out.data(JSON.stringify({ generatedAt: new Date().toISOString(), targets, needsPerson }, null, 2));
      else out.data(renderQueueStatus(targets));
    } finally {
      await queue.close();
    }
  },
};
