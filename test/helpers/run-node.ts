import { spawn } from 'node:child_process';

export interface NodeResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a Node script in a real child process with only PATH and TMPDIR from the environment, as a
 * user's shell would run `node file`: what it prints is collected, never shown.
 */
export function runNode(args: string[], cwd: string): Promise<NodeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
