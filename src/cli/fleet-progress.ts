import { SingleBar } from 'cli-progress';
import type { FleetState } from '../fleet/run-fleet.js';
import { progressEnabled } from './progress.js';

export interface FleetProgress {
  /** Redraws the live count from where the fleet stands. */
  update(state: FleetState): void;
  /** Writes a line (a finished target's) with the count cleared first and drawn again after. */
  line(write: () => void): void;
  stop(): void;
}

export function countText(state: FleetState): string {
  return `${state.done.length} done, ${state.running.length} running, ${state.queued.length} queued`;
}

/**
 * The live count of a fleet run (done / running / queued) as one self-rewriting line on stderr,
 * drawn by cli-progress; on a terminal only, never with --quiet or --json (as src/cli/progress.ts).
 */
export function createFleetProgress(options: {
  quiet?: boolean;
  json?: boolean;
  stream?: NodeJS.WriteStream;
}): FleetProgress {
  const stream = options.stream ?? process.stderr;
  if (!progressEnabled({ ...options, stream }))
    return { update: () => undefined, line: (write) => write(), stop: () => undefined };
  let text = '';
  let shown = false;
  const bar = new SingleBar({
    stream,
    format: () => text,
    synchronousUpdate: true,
    clearOnComplete: true,
    hideCursor: false,
    gracefulExit: false,
    fps: 8,
  });
  return {
    update: (state) => {
      text = `fleet: ${countText(state)}`;
      if (!shown) bar.start(1, 0);
      else bar.update(0);
      shown = true;
    },
    line: (write) => {
      if (!shown) return write();
      bar.stop();
      write();
      bar.start(1, 0);
    },
    stop: () => {
      if (shown) bar.stop();
      shown = false;
    },
  };
}
