import { ExitCode } from '../errors.js';
import type { Output } from './output.js';

/**
 * Ctrl-C, or a cron job's timeout sending SIGTERM, stops a run that may send at once with 130 /
 * 143 and one line, rather than Node's silent default. Stopping anywhere is safe by design (the
 * snapshot moves only after the platform confirmed; the target is marked uncertain before an
 * import goes out). For `apply` and `rollback`; returns the function that removes the handlers.
 */
export function stopOnSignal(command: string, out: Output): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    out.error(
      `menusync ${command}: stopped by ${signal}; if the import had already gone out, the target is marked uncertain and the next apply sends a full replace`,
    );
    process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
}
