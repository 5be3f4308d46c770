// The built CLI (dist/) run with a crash checkpoint: `node paused-cli.mjs <point> <menusync args...>`.
// At <point> it prints `MENUSYNC_PAUSED_AT=<point>` on stderr and waits for ever, so a test can
// kill it with SIGKILL exactly there. Test code only: the CLI itself has no such switch.
import { run } from '../../dist/cli/main.js';

const [point, ...args] = process.argv.slice(2);
const checkpoint = async (reached) => {
  if (reached !== point) return;
  process.stderr.write(`MENUSYNC_PAUSED_AT=${reached}\n`);
  // The interval keeps the event loop alive; the promise never settles.
  await new Promise(() => setInterval(() => undefined, 60_000));
};
process.exitCode = await run(args, { checkpoint });
