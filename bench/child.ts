import { timeInChild } from './measure.js';
import { TASKS } from './tasks.js';

/** Entry of one bench child process: `child.js <task> [args...]`; prints one JSON sample line. */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const setup = name === undefined ? undefined : TASKS[name];
  if (!setup) throw new Error(`unknown bench task "${name}"; known: ${Object.keys(TASKS).join(', ')}`);
  const work = await setup(args);
  await timeInChild(work);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
