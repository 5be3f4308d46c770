import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { runCli } from '../helpers/run-cli.js';

// One sandbox and one config of two targets for the file: the good one resolves, the bad one
// misses something of every kind config validate checks. No MENUSYNC_* variables are set.

let w: CliWorld;
let config: string;
let secret: string;
const run = (...args: string[]) => runCli(args, { cwd: w.dir, env: { PLATFORM_URL: w.sandbox.url } });

beforeAll(async () => {
  w = await startWorld();
  secret = w.env.MENUSYNC_CLIENT_SECRET!;
  await w.writeExport('menu.csv', menuCsv(3));
  await w.writeExport('client.secret', `${secret}\n`);
  config = path.join(w.dir, 'menusync.config.yaml');
  await writeFile(
    config,
    [
      'state: ./state',
      'defaults:',
      '  base_url: ${PLATFORM_URL}',
      `  mapping: ${DEMO_MAPPING}`,
      'targets:',
      '  good:',
      '    inputs: [menu.csv]',
      `    client_id: ${w.clientId}`,
      '    client_secret_file: client.secret',
      '  bad:',
      '    mapping: ./no-such-mapping.yaml',
      '    inputs: [missing.csv, menu.csv]',
      '    client_secret_file: no.secret',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await w.close();
});

describe('menusync config validate', () => {
  it('lists every problem of every target at once, exit 2', async () => {
    const result = await run('config', 'validate', '--config', config);
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${config}: target bad: .*no-such-mapping\\.yaml`)),
      `${config}: target bad: input ${path.join(w.dir, 'missing.csv')}: no such file`,
      `${config}: target bad: no client id: set client_id (or MENUSYNC_CLIENT_ID)`,
      `${config}: target bad: cannot read client_secret_file ${path.join(w.dir, 'no.secret')}: ENOENT`,
      '4 problems in 2 targets',
    ]);
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it('checks only the named target with --target, exit 0 when it resolves', async () => {
    const result = await run('config', 'validate', '--config', config, '--target', 'good');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(`${config} is valid: 1 target (good)\n`);
  });

  it('names an unset ${VAR} at its line', async () => {
    const result = await runCli(['config', 'validate', '--config', config], { cwd: w.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${config}:3: the environment variable PLATFORM_URL is not set (defaults.base_url)`,
    );
  });
});

describe('a config of several targets without --target', () => {
  it.each([
    [['apply', '--yes'], 'use --target NAME or --all'],
    [['remote', 'categories'], 'use --target NAME'],
    [['remote', 'products'], 'use --target NAME'],
  ])('%j says so, exit 2', async (command, advice) => {
    const result = await run(...command, '--config', config);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: this config has 2 targets: ${advice}`);
    expect(result.stderr).toContain('hint: targets of');
  });
});

describe('commands that take a config target', () => {
  it("validate checks the target's mapping and inputs", async () => {
    const result = await run('validate', '--config', config, '--target', 'good');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^mapping .* is valid/);
    expect(result.stderr).toContain('3 products');
  });

  it('state list shows the config target name beside the URL', async () => {
    expect((await run('apply', '--config', config, '--target', 'good', '--yes', '--quiet')).code).toBe(0);
    const result = await run('state', 'list', '--config', config);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`good: ${w.sandbox.url} (client ${w.clientId})`);
  });

  it('remote categories reads the platform of --target', async () => {
    const result = await run('remote', 'categories', '--config', config, '--target', 'good');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('3 categories');
  });

  it('remote products reads the sandbox of --target', async () => {
    const result = await run('remote', 'products', '--config', config, '--target', 'good');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\n3 products\n$/);
  });
});
