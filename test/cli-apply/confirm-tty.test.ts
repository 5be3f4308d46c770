import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// util-linux `script` gives the CLI a real terminal (stdin.isTTY), so the confirmation prompt runs.
const SCRIPT = '/usr/bin/script';
const hasScript = existsSync(SCRIPT);
if (!hasScript) console.warn('skipping the TTY confirmation tests: /usr/bin/script is not available');

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

function runInTerminal(args: string[], answer: string): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
      cwd: w.dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1', ...w.env },
    });
    let output = '';
    let answered = false;
    // The CLI may exit before the pipe drains (it has its answer): a closed pipe is no failure here.
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (answered || !output.includes('Only "yes" is accepted')) return;
      answered = true;
      child.stdin.write(`${answer}\n`);
    });
    child.on('close', (code) => {
      recordOutput(args, output, '');
      resolve({ code, output });
    });
  });
}

describe.skipIf(!hasScript)('confirmation on a terminal', () => {
  it('sends nothing when the answer is not yes', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const result = await runInTerminal(w.args('apply', input), 'no');
    expect(result.output).toMatch(/Apply this replace to the platform\?/);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/cancelled: nothing was sent/);
    expect(w.imports()).toBe(0);
  });

  it('applies after "yes"', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const result = await runInTerminal(w.args('apply', input), 'yes');
    expect(result.code, result.output).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(3);
  });
});
