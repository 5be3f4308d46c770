import { writeSync } from 'node:fs';

/**
 * Preloaded (`node --import`) into a process the bench times whole: at exit, writes the process's
 * CPU time and peak RSS as one JSON line on file descriptor 3, a pipe the bench opens for it, so
 * the process's own stdout and stderr stay as they are.
 */
export const USAGE_FD = 3;

process.on('exit', () => {
  const cpu = process.cpuUsage();
  const usage = { cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  try {
    writeSync(USAGE_FD, `${JSON.stringify(usage)}\n`);
  } catch {
    // Started without the pipe (by hand): nothing to report to.
  }
});
