import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

// The built CLI (npm test builds first) in a child process.

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'menusync-init-cli-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const sumup = path.join(REPO_ROOT, 'mappings/sumup-items/fixtures/items.csv');

describe('menusync init', () => {
  it('prints the starter mapping to stdout and the verdict to stderr', async () => {
    const result = await runCli(['init', '--input', sumup]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=./mappings/mapping.schema.json',
    );
    expect(result.stdout).toContain('\nname: sumup-items\n');
    expect(result.stderr).toBe('recognized SumUp items export (mapping sumup-items)\n');
  });

  it('writes --out, and refuses to overwrite it without --force', async () => {
    const out = path.join(tmp, 'menu.yaml');
    const first = await runCli(['init', '--input', sumup, '--out', out]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`wrote ${out}`);
    const written = await readFile(out, 'utf8');
    expect(written).toContain('\nname: sumup-items\n');
    expect(written.split('\n')[0]).toMatch(
      /^# yaml-language-server: \$schema=(\.\.\/)+.*mappings\/mapping\.schema\.json$/,
    );

    const again = await runCli(['init', '--input', sumup, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`error: ${out} already exists`);

    const forced = await runCli(['init', '--input', sumup, '--out', out, '--force']);
    expect(forced.code).toBe(0);
  });

  it('exits 2 with one line when the input does not exist', async () => {
    const result = await runCli(['init', '--input', path.join(tmp, 'nope.csv')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: .*nope\.csv/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
