import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { startFleetWorld, type FleetWorld } from './fleet-world.js';

// util-linux `script` gives the CLI a real terminal on stdout and stderr, as a person has.
const SCRIPT = '/usr/bin/script';
const hasScript = existsSync(SCRIPT);

function runInTerminal(w: FleetWorld, args: string[]): Promise<{ code: number | null; output: string }> {
  const all = [...args, '--state', w.stateDir];
  const command = [process.execPath, CLI, ...all].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve) => {
    const child = spawn(SCRIPT, ['-qefc', command, '/dev/null'], {
      cwd: w.dir,
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('close', (code) => {
      recordOutput(all, output, '');
      resolve({ code, output });
    });
  });
}

describe.skipIf(!hasScript)('a fleet on a terminal', () => {
  it('keeps a live count of done, running and queued beside one line per finished target', async () => {
    const w = await startFleetWorld(testTempDir('fleet-tty'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
      { name: 'east', client: 3 },
    ]);
    try {
      const result = await runInTerminal(w, ['apply', '--all', '--concurrency', '1']);
      expect(result.code, result.output).toBe(0);
      for (const count of [
        '0 done, 1 running, 2 queued',
        '1 done, 1 running, 1 queued',
        '2 done, 1 running, 0 queued',
      ])
        expect(result.output).toContain(`fleet: ${count}`);
      // The count is one line drawn over and over, never a line of its own.
      expect(result.output).not.toMatch(/^fleet: /m);
      expect(result.output).toMatch(/\[2Kapplied\s+east: replace/);
      expect(result.output).toMatch(/^3 targets, 3 applied/m);
      const json = await runInTerminal(w, ['apply', '--all', '--json']);
      expect(json.code, json.output).toBe(0);
      expect(json.output).not.toContain('fleet: ');
    } finally {
      await w.close();
    }
  });
});
