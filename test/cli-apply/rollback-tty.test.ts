import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStateStore } from '../../src/state/local/local-store.js';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// util-linux `script` gives the CLI a real terminal (stdin.isTTY), so rollback asks before it sends.
const SCRIPT = '/usr/bin/script';
const hasScript = existsSync(SCRIPT);
if (!hasScript) console.warn('skipping the TTY rollback tests: /usr/bin/script is not available');

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
    // The terminal may be gone by the time the answer arrives (the run ended): nothing to tell.
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

describe.skipIf(!hasScript)('rollback on a terminal', () => {
  it('shows the plan and asks: "no" sends nothing, "yes" restores the menu', async () => {
    const apply = async (csv: string) =>
      (await w.run(w.args('apply', await w.writeExport('menu.csv', csv), '--quiet'))).code;
    expect(await apply(menuCsv(6))).toBe(0);
    const v1Menu = w.sandbox.exportMenu(w.clientId);
    expect(await apply(menuCsv(8, 1))).toBe(0);
    const target = { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' };
    const [v1] = (await localStateStore(w.stateDir).target(target).listRuns()).map((run) => run.id);
    const imports = w.imports();
    const args = ['rollback', '--state', w.stateDir, '--to', v1!];

    const declined = await runInTerminal(args, 'no');
    expect(declined.code).toBe(1);
    expect(declined.output).toContain(`Rollback: to the menu run ${v1} confirmed`);
    expect(declined.output).toContain('Roll the menu back with this replace?');
    expect(declined.output).toMatch(/cancelled: nothing was sent/);
    expect(w.imports()).toBe(imports);

    const accepted = await runInTerminal(args, 'yes');
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).toContain('Outcome: applied');
    expect(w.sandbox.exportMenu(w.clientId)).toEqual(v1Menu);
  });
});
