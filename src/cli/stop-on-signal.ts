import { ExitCode, RunCancelledError } from '../errors.js';
import type { Output } from './output.js';

/** How long a cancelled run may take to end (report, lock) before the process exits anyway. */
const GRACE_MS = 5_000;

/**
 * Ctrl-C, or a cron job's timeout sending SIGTERM, stops a run that may send with 130 / 143 and
 * one line, rather than Node's silent default. Stopping anywhere is safe by design (the snapshot
 * moves only after the platform confirmed; the target is marked uncertain before an import goes
 * out). With `controller` the signal takes the library's path: the run is aborted and ends
 * cancelled (its report written, its lock released, RunCancelledError giving the exit code); a
 * run that has not ended within GRACE_MS, or a second signal, ends the process at once. Without
 * one (rollback) the process exits at once. Returns the function that removes the handlers.
 */
export function stopOnSignal(command: string, out: Output, controller?: AbortController): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    out.error(
      `menusync ${command}: stopped by ${signal}; if the import had already gone out, the target is marked uncertain and the next apply sends a full replace`,
    );
    const exit = signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated;
    if (!controller) process.exit(exit);
    const name = signal === 'SIGINT' || signal === 'SIGTERM' ? signal : undefined;
    controller.abort(new RunCancelledError(`stopped by ${signal}`, name ? { signal: name } : undefined));
    setTimeout(() => process.exit(exit), GRACE_MS).unref();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}
