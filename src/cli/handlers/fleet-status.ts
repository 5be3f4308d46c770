import { openStateStore } from '../../state/open-store.js';
import { fleetStatus } from '../../worker/fleet-status.js';
import { newestRuns } from '../../worker/history-runs.js';
import { openQueue } from '../../worker/queue.js';
import { renderQueueStatus } from '../../worker/render-status.js';
import { createOutput } from '../output.js';
import { resolveQueueArgs } from '../queue-args.js';
import type { QueueArgs } from '../queue-options.js';

export type StatusArgs = QueueArgs & { json?: boolean; debug?: boolean };

/** Prints where every target stands. */
export async function runFleetStatus(args: StatusArgs): Promise<void> {
  const out = createOutput({ debug: args.debug === true });
  const { loaded, stateUrl } = await resolveQueueArgs(args);
  const queue = await openQueue(stateUrl, { name: 'menusync fleet status', background: false });
  const store = await openStateStore(stateUrl);
  try {
    const targets = await fleetStatus(queue, loaded, await newestRuns(store, loaded));
    const needsPerson = targets.filter((target) => target.needsPerson).map((target) => target.target);
    if (args.json)
      out.data(JSON.stringify({ generatedAt: new Date().toISOString(), targets, needsPerson }, null, 2));
    else out.data(renderQueueStatus(targets));
  } finally {
    await Promise.all([queue.close(), store.close()]);
  }
}
