import { timeInChild } from './measure.js';

/**
 * Child of cpu-contention.ts: `node --expose-gc cpu-loop.js <iterations>`, timed by timeInChild
 * (the loop's own CPU, without start-up). Integer arithmetic only, no allocation and no I/O, so
 * neither GC nor the disk is in its CPU time, only how fast a core runs JavaScript. It imports
 * nothing heavy, so children started together begin their loops within milliseconds of each other;
 * bench/child.ts loads every bench module first (over a second, varying by hundreds of ms). The
 * sum is the check, so the loop cannot be optimised away.
 */
const iterations = Number(process.argv[2]);
if (!Number.isSafeInteger(iterations) || iterations <= 0) {
  process.stderr.write(`cpu-loop: bad iteration count "${process.argv[2]}"\n`);
  process.exit(2);
}
await timeInChild(() => {
  let x = 0;
  for (let i = 0; i < iterations; i++) x += i % 7;
  return Promise.resolve(`sum ${x}`);
});
