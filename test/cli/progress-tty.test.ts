import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { CLI, recordOutput } from '../helpers/run-cli.js';

// util-linux `script` gives the CLI a real terminal on stdout and stderr, as a person has.
const SCRIPT = '/usr/bin/script';
const hasScript = existsSync(SCRIPT);
if (!hasScript) console.warn('skipping the terminal progress tests: /usr/bin/script is not available');

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

function runInTerminal(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const child = spawn(SCRIPT, ['-qefc', command, '/dev/null'], {
      cwd: w.dir,
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NO_COLOR: '1', ...w.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (code) => {
      recordOutput(args, output, '');
      resolve({ code, output });
    });
  });
}

/** The platform takes 2.5 s to answer the import: long enough to show the wait. */
const slowImport = () => w.sandbox.injectFaults([{ kind: 'delay', ms: 2500, path: '/menu/import' }]);

describe.skipIf(!hasScript)('progress on a terminal', () => {
  it("shows the import's wait with its seconds, then clears the line", async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    slowImport();
    const result = await runInTerminal(w.args('apply', input, '--yes'));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/waiting for the platform to import the menu: [12] s/);
    // Drawn on one line that is cleared, not printed as lines of its own.
    expect(result.output).not.toMatch(/^waiting for/m);
    expect(result.output).toMatch(/Verified: the read-back matches/);
  });

  it('shows nothing with --quiet or --json', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    slowImport();
    const quiet = await runInTerminal(w.args('apply', input, '--yes', '--quiet'));
    expect(quiet.code, quiet.output).toBe(0);
    slowImport();
    const json = await runInTerminal(w.args('apply', input, '--yes', '--json', '--mode', 'replace'));
    expect(json.code, json.output).toBe(0);
    for (const output of [quiet.output, json.output]) expect(output).not.toMatch(/waiting for/);
  });
});

describe('progress without a terminal', () => {
  it('shows nothing when stderr is a pipe', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    slowImport();
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/waiting for/);
    expect(result.stderr).not.toContain('\u001b[');
  });
});
