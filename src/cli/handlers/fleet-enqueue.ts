import { selectTargets } from '../../fleet/select-targets.js';
import { UsageError } from '../../errors.js';
import { enqueueTargets } from '../../worker/enqueue.js';
import { jobSettingsOf, type JobSettingArgs } from '../queue-options.js';
import { openQueue } from '../../worker/queue.js';
import { targetNames } from '../fleet-options.js';
import { createOutput } from '../output.js';
import { resolveQueueArgs } from '../queue-args.js';
import type { QueueArgs } from '../queue-options.js';

export type EnqueueArgs = QueueArgs &
  JobSettingArgs & {
    all?: boolean;
    target?: string | string[];
    tag?: string[];
    json?: boolean;
    debug?: boolean;
  };

/** Queues the targets chosen and prints their job ids. */
export async function runFleetEnqueue(args: EnqueueArgs): Promise<void> {
  const out = createOutput({ debug: args.debug === true });
  const settings = jobSettingsOf(args);
  const { loaded, stateUrl } = await resolveQueueArgs(args);
  const names = targetNames(args);
  if (!args.all && names.length === 0 && !args.tag?.length)
    throw new UsageError('name the targets to queue: --all, --target NAME or --tag TAG');
  const targets = selectTargets(loaded.config, { all: args.all === true, names, tags: args.tag ?? [] });
  const queue = await openQueue(stateUrl, { name: 'menusync fleet enqueue', background: false });
  try {
    const result = await enqueueTargets(queue, targets, settings);
    if (args.json) out.data(JSON.stringify(result, null, 2));
    else {
      const lines = [
        ...result.queued.map(({ target, jobId }) => `${jobId}  ${target}`),
        ...result.waiting.map(({ target, jobId }) => `${jobId}  ${target} (already waiting)`),
      ];
      if (lines.length > 0) out.data(lines.join('\n'));
    }
    out.info(
      `queued ${result.queued.length} target(s)${result.waiting.length ? `; ${result.waiting.length} already waiting` : ''} at ${queue.where.display}`,
    );
  } finally {
    await queue.close();
  }
}
