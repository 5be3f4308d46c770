import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { round, type Sample } from './measure.js';

const PRELOAD = fileURLToPath(new URL('./process-usage.js', import.meta.url));

/** A whole Node process to time: its script and arguments, and where its check line comes from. */
export interface ProcessCall {
  args: string[];
  /** Which output holds the line that shows what the process did (a summary or a count). */
  checkFrom: 'stdout' | 'stderr';
}

/**
 * Runs `node <args>` and times it from spawn to exit, start-up and module loading included: what a
 * user or cron waits for. CPU time and peak RSS come from process-usage.ts, preloaded into it.
 * The first line of `checkFrom` becomes the sample's check.
 */
export function runProcess(call: ProcessCall): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PRELOAD, ...call.args], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const text = { stdout: '', stderr: '', usage: '' };
    // stdio 1-3 are pipes, as asked above.
    const [, stdout, stderr, usage] = child.stdio as unknown as NodeJS.ReadableStream[];
    stdout!.setEncoding('utf8').on('data', (d: string) => (text.stdout += d));
    stderr!.setEncoding('utf8').on('data', (d: string) => (text.stderr += d));
    usage!.setEncoding('utf8').on('data', (d: string) => (text.usage += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0 || !text.usage.startsWith('{')) {
        reject(new Error(`bench process failed (exit ${code}): ${text.stderr.trim() || text.stdout.trim()}`));
        return;
      }
      const usage = JSON.parse(text.usage) as { cpuMs: number; maxRssMb: number };
      resolve({
        ms: round(ms),
        cpuMs: round(usage.cpuMs),
        maxRssMb: round(usage.maxRssMb),
        check: text[call.checkFrom].trim().split('\n')[0] ?? '',
      });
    });
  });
}
