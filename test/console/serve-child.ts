import { spawn } from 'node:child_process';
import { expect, onTestFinished } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import type { ConsoleWorld } from './console-world.js';

export interface ServeChild {
  /** The URL it printed (with its base path). */
  url: string;
  /** SIGTERM, then its exit code once it has stopped. */
  stop(): Promise<number | null>;
  stderr(): string;
}

/** `menusync serve` as a child process on a free port of 127.0.0.1; stopped when the test ends if not before (and then it must exit 0). */
export async function serveChild(
  w: Pick<ConsoleWorld, 'config' | 'stateUrl' | 'dir'>,
  args: string[] = [],
): Promise<ServeChild> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--config', w.config, '--state', w.stateUrl, '--listen', '127.0.0.1:0', ...args],
    { cwd: w.dir, env: { PATH: process.env.PATH, NO_COLOR: '1' } },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    const code = await exited;
    recordOutput(['serve', ...args], stdout, stderr);
    return code;
  };
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) expect(await stop()).toBe(0);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const printed = /menusync serve: (http:\/\/127\.0\.0\.1:\d+\/\S*) /.exec(stdout)?.[1];
      if (printed) resolve(printed);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, stop, stderr: () => stderr };
}
