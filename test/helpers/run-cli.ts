import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(REPO_ROOT, 'bin/menusync.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string;
  timeoutMs?: number;
}

/**
 * Runs the built CLI (dist/, built by `npm test` before vitest) in a real child process.
 * Everything it prints is appended to the suite's output log, which the secrets-leak check scans.
 */
export function runCli(args: string[], options: RunCliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      // TMPDIR passes through, so a test can see what a run leaves in the temp directory.
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      recordOutput(args, stdout, stderr);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Appends a CLI run's output to the log the leak check reads (set up by test/global-setup.ts). */
export function recordOutput(args: string[], stdout: string, stderr: string): void {
  const log = process.env.MENUSYNC_TEST_OUTPUT_LOG;
  if (!log) return;
  appendFileSync(log, `\n$ menusync ${args.join(' ')}\n${stdout}\n${stderr}\n`);
}
