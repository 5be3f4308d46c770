import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MAPPING, menuCsv, shopTargetLines, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * No output option overwrites what its command reads, and none replaces a device node or a FIFO
 * with a file (a temp file renamed over /dev/full did, as root).
 */
let w: CliWorld;
let config: string;

beforeAll(async () => {
  w = await startWorld();
  await w.writeExport('menu.csv', menuCsv(6));
  await w.writeExport('client.secret', w.env.MENUSYNC_CLIENT_SECRET!);
  config = path.join(w.dir, 'menusync.config.yaml');
  await writeFile(config, [...shopTargetLines(w), '    state_dir: state', ''].join('\n'));
  const applied = await runCli(['apply', '--config', config, '--target', 'shop', '--yes'], { cwd: w.dir });
  expect(applied.code, applied.stderr).toBe(0);
});
afterAll(async () => {
  await w.close();
});

const reportShow = (out: string) =>
  runCli(['report', 'show', '--config', config, '--target', 'shop', '--format', 'json', '--out', out], {
    cwd: w.dir,
  });

describe('outputs never destroy', () => {
  it('report show --out writes a stored report to a new file', async () => {
    const result = await reportShow('report.json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(w.dir, 'report.json'), 'utf8'))).toMatchObject({
      mode: 'replace',
    });
  });

  it.each([
    ['the config file', 'menusync.config.yaml', /it is the config file/],
    ["the target's client secret file", 'client.secret', /it is --client-secret-file/],
    ["the target's input", 'menu.csv', /it is --input/],
  ])('report show --out refuses %s (exit 2) and leaves it as it was', async (_what, name, why) => {
    const file = path.join(w.dir, name);
    const before = await readFile(file, 'utf8');
    const result = await reportShow(name);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`Cannot write --out ${name}: ${why.source}`));
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(result.stderr).not.toContain(w.env.MENUSYNC_CLIENT_SECRET);
  });

  it.each([
    ['extract --out', ['extract', '--mapping', DEMO_MAPPING, '--input', 'menu.csv', '--out']],
    [
      'report show --out',
      ['report', 'show', '--config', 'menusync.config.yaml', '--target', 'shop', '--out'],
    ],
    [
      'apply --out-json',
      ['apply', '--config', 'menusync.config.yaml', '--target', 'shop', '--yes', '--out-json'],
    ],
  ])('%s refuses a device node (exit 2) and leaves it a device', async (_what, args) => {
    const imports = w.imports();
    const result = await runCli([...args, '/dev/null'], { cwd: w.dir });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /Cannot write --out(-json)? \/dev\/null: it is a device, not a regular file or a FIFO/,
    );
    expect((await stat('/dev/null')).isCharacterDevice()).toBe(true);
    expect(w.imports()).toBe(imports);
  });

  it.each([
    ['extract --out', ['extract', '--mapping', DEMO_MAPPING, '--input', 'menu.csv', '--out']],
    [
      'report show --out',
      ['report', 'show', '--config', 'menusync.config.yaml', '--target', 'shop', '--format', 'json', '--out'],
    ],
  ])('%s writes a FIFO in place, for the reader waiting on it', async (what, args) => {
    const fifo = path.join(w.dir, `${what.split(' ')[0]}.fifo`);
    execFileSync('mkfifo', [fifo]);
    const read = new Promise<string>((resolve, reject) => {
      let text = '';
      createReadStream(fifo, 'utf8')
        .on('data', (chunk) => (text += String(chunk)))
        .on('end', () => resolve(text))
        .on('error', reject);
    });
    const result = await runCli([...args, fifo], { cwd: w.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await read)).toBeTypeOf('object');
    expect((await stat(fifo)).isFIFO()).toBe(true);
  });
});
