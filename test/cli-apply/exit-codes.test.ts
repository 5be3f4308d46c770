import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { targetDir } from '../../src/state/target.js';
import { DEMO_MAPPING, startWorld, menuCsv, type CliWorld } from './fixture.js';

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

describe('plan exit codes', () => {
  it('exits 10 with changes and 0 without under --detailed-exitcode, 0 without the flag', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(12));
    const first = await w.run(w.args('plan', input, '--detailed-exitcode'));
    expect(first.code, first.stderr).toBe(10);
    expect(first.stdout).toMatch(/Plan: replace/);
    expect((await w.run(w.args('plan', input))).code).toBe(0);
    const applied = await w.run(w.args('apply', input));
    expect(applied.code, applied.stderr).toBe(0);
    const again = await w.run(w.args('plan', input, '--detailed-exitcode'));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/no changes/);
  });

  it('works offline without credentials (no secret in the environment)', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(5));
    const result = await w.run(w.args('plan', input), { env: { MENUSYNC_CLIENT_SECRET: '' } });
    expect(result.code, result.stderr).toBe(0);
    expect(w.sandbox.requests).toHaveLength(0);
  });

  it('exits 3 for a truncated export, and 2 for invalid input', async () => {
    await w.run(w.args('apply', await w.writeExport('full.csv', menuCsv(40))));
    const truncated = await w.writeExport('cut.csv', menuCsv(10));
    const blocked = await w.run(w.args('plan', truncated, '--detailed-exitcode'));
    expect(blocked.code).toBe(3);
    expect(blocked.stdout).toMatch(/Blocked:/);
    expect((await w.run(w.args('plan', path.join(w.dir, 'missing.csv')))).code).toBe(2);
    expect((await w.run(w.args('plan', truncated, '--allow-deletes', 'many'))).code).toBe(2);
    expect((await w.run(['plan', '--input', truncated, '--state', w.stateDir])).code).toBe(2);
  });

  it('prints the report as JSON with --json', async () => {
    const result = await w.run(w.args('plan', await w.writeExport('m.csv', menuCsv(3)), '--json'));
    const report = JSON.parse(result.stdout) as { mode: string; counts: { products: { add: number } } };
    expect(report.mode).toBe('replace');
    expect(report.counts.products.add).toBe(3);
  });
});

describe('apply exit codes', () => {
  it('blocks a truncated export with exit 3 and sends nothing; --allow-deletes lets it through', async () => {
    await w.run(w.args('apply', await w.writeExport('full.csv', menuCsv(40))));
    const before = w.imports();
    const truncated = await w.writeExport('cut.csv', menuCsv(10));
    const blocked = await w.run(w.args('apply', truncated, '--yes'));
    expect(blocked.code, blocked.stderr).toBe(3);
    expect(blocked.stderr).toMatch(/blocked/);
    expect(w.imports()).toBe(before);
    const allowed = await w.run(w.args('apply', truncated, '--yes', '--allow-deletes', '30'));
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(10);
  });

  it('refuses a replace that removes products without a terminal unless --yes (exit 2)', async () => {
    await w.run(w.args('apply', await w.writeExport('a.csv', menuCsv(12))));
    const fewer = await w.writeExport('b.csv', menuCsv(11));
    const refused = await w.run(w.args('apply', fewer));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect(refused.stderr).toMatch(/this replace removes 5 entities;/);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(12);
    expect((await w.run(w.args('apply', fewer, '--yes'))).code).toBe(0);
  });

  it('exits 1 when the platform rejects the import', async () => {
    w.sandbox.injectFaults([{ kind: 'import-error', message: 'bad menu' }]);
    const result = await w.run(w.args('apply', await w.writeExport('a.csv', menuCsv(3))));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/bad menu|IMPORT_ERROR/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 with one line when the state folder cannot be created, and sends nothing', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const notAFolder = await w.writeExport('not-a-folder', 'x');
    const args = w.args('apply', input);
    args[args.indexOf('--state') + 1] = path.join(notAFolder, 'state');
    const result = await w.run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot create the state folder .*ENOTDIR/);
    expect(result.stderr).not.toMatch(/unexpected|\n\s+at /);
    expect(w.imports()).toBe(0);
  });

  it('refuses --keep-runs below 1 (exit 2) before sending anything', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const result = await w.run(w.args('apply', input, '--keep-runs', '0'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--keep-runs/);
    expect(w.imports()).toBe(0);
  });

  it('exits 4 when another live process holds the target lock', async () => {
    const input = await w.writeExport('a.csv', menuCsv(3));
    const dir = targetDir(w.stateDir, { baseUrl: w.sandbox.url, clientId: w.clientId, posUid: 'default' });
    await mkdir(dir, { recursive: true });
    // This test process is alive and on this host: its lock is respected.
    const lock = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
    await writeFile(path.join(dir, 'lock'), JSON.stringify(lock));
    const result = await w.run(w.args('apply', input));
    expect(result.code).toBe(4);
    expect(w.imports()).toBe(0);
    expect(await readFile(path.join(dir, 'lock'), 'utf8')).toBe(JSON.stringify(lock));
  });

  it('with --quiet prints only the one-line summary', async () => {
    const result = await w.run(w.args('apply', await w.writeExport('a.csv', menuCsv(3)), '--quiet'));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      // A timestamp and the target (by its platform and client when no config names it).
      expect.stringMatching(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z menusync apply http:\/\/127\.0\.0\.1:\d+ \(client [^)]+\): replace: .*\(applied, verified\)$/,
      ),
    ]);
  });
});

describe('saved plans', () => {
  it('applies exactly the saved plan, and refuses it (exit 3) once the target moved on', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    const planFile = path.join(w.dir, 'plan.json');
    expect((await w.run(w.args('plan', input, '--out-plan', planFile))).code).toBe(0);
    // The export changes after review: the saved plan, not the file, is what gets applied.
    await writeFile(input, menuCsv(5, 1));
    const applied = await w.run(['apply', '--plan', planFile, '--state', w.stateDir, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(w.sandbox.exportMenu(w.clientId).products[0]?.price).toBe(2.1);
    const stale = await w.run(['apply', '--plan', planFile, '--state', w.stateDir, '--yes']);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toMatch(/changed since the plan/);
  });
});

describe('config file', () => {
  it('runs a named target from menusync.config.yaml', async () => {
    await w.writeExport('a.csv', menuCsv(4));
    await writeFile(
      path.join(w.dir, 'menusync.config.yaml'),
      [
        'targets:',
        '  downtown:',
        `    mapping: ${JSON.stringify(DEMO_MAPPING)}`,
        '    inputs: [a.csv]',
        `    base_url: ${w.sandbox.url}`,
        '    state_dir: state',
        '    guards: { allow_deletes: 10% }',
      ].join('\n'),
    );
    const result = await w.run(['apply', '--target', 'downtown', '--yes', '--quiet']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z menusync apply downtown: replace/);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(4);
  });

  it('reports config errors with file:line and exit 2', async () => {
    await writeFile(
      path.join(w.dir, 'menusync.config.yaml'),
      'targets:\n  downtown:\n    mapping: x\n    max_atempts: 3\n',
    );
    const result = await w.run(['plan', '--target', 'downtown']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/menusync\.config\.yaml:4: .*max_atempts/);
  });
});
