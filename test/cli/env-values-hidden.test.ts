import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAPPING, menuCsv } from '../cli-apply/fixture.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * A value from the environment, or a password in a state URL, never shows in a message: not whole,
 * not in part (a library quoting one field of it), not after menusync made it a longer text.
 */
let dir: string;
const SECRET = 'envsecret-9Q7';

async function config(name: string, lines: string[]): Promise<string> {
  const file = path.join(dir, name);
  const target = [`    mapping: ${DEMO_MAPPING}`, '    base_url: http://127.0.0.1:9', '    client_id: c'];
  await writeFile(file, ['targets:', '  shop:', ...target, ...lines, ''].join('\n'));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-env-hidden-'));
  await writeFile(path.join(dir, 'menu.csv'), menuCsv(3));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('values from the environment and state passwords stay out of messages', () => {
  it.each([
    ['postgres://hostile:pw/envsecret-9Q7@host/db', 'postgres://hostile@host/db'],
    ['postgres://hostile:envsecret-9Q7?x@host/db', 'postgres://hostile@host/db'],
  ])('a --state URL that does not parse (%s) is shown without its password', async (url, shown) => {
    const input = path.join(dir, 'menu.csv');
    const result = await runCli(['plan', '--mapping', DEMO_MAPPING, '--input', input, '--state', url]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`the state URL ${shown} is invalid`);
    expect(result.stderr).not.toContain('envsecret');
  });

  it('a state URL from ${PGURL} that does not parse shows neither it nor its password', async () => {
    const file = await config('state.yaml', ['    inputs: [menu.csv]', '    state_dir: "${PGURL}"']);
    const env = { PGURL: `postgres://hostile:${SECRET}?x@host/db`, MENUSYNC_CLIENT_SECRET: 'x' };
    const result = await runCli(['plan', '--config', file, '--target', 'shop'], { env, cwd: dir });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/state URL/);
    expect(result.stderr).not.toContain(SECRET);
  });

  it('a cron message that quotes one field of ${HX} shows ${HX} instead', async () => {
    const file = await config('cron.yaml', ['    inputs: [menu.csv]', '    schedule: "${HX}"']);
    const result = await runCli(['config', 'validate', '--config', file], {
      env: { HX: `0 ${SECRET} * * *` },
      cwd: dir,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/cron\.yaml:\d+: \$\{HX\} is not valid here .*\(targets\.shop\.schedule\)/);
    expect(result.stderr).not.toContain(SECRET);
    expect(result.stderr).not.toContain('9Q7');
  });

  it('a path built from ${DIR} shows ${DIR} in the error, even made absolute', async () => {
    const file = await config('path.yaml', ['    inputs: ["${DIR}/menu.csv"]']);
    const result = await runCli(['plan', '--config', file, '--target', 'shop', '--offline'], {
      env: { DIR: SECRET },
      cwd: dir,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('${DIR}/menu.csv');
    expect(result.stderr).not.toContain(SECRET);
  });
});
