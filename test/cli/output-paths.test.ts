import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutputPaths, type NamedPath } from '../../src/cli/output-paths.js';
import { UsageError } from '../../src/errors.js';

let dir: string;
let input: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-out-paths-'));
  input = path.join(dir, 'exports', 'menu.csv');
  await mkdir(path.join(dir, 'exports'));
  await mkdir(path.join(dir, 'reports'));
  await mkdir(path.join(dir, 'state'));
  await writeFile(input, 'Handle,Name\n');
  await writeFile(path.join(dir, 'reports', 'old.json'), '{}');
  await writeFile(path.join(dir, 'a-file'), 'x');
  await symlink(input, path.join(dir, 'reports', 'link-to-menu.csv'));
  await symlink(path.join(dir, 'exports'), path.join(dir, 'exports-link'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const reads = (): { inputs: NamedPath[]; stateDir: string } => ({
  inputs: [{ option: '--input', file: input }],
  stateDir: path.join(dir, 'state'),
});
const out = (file: string, option = '--out-json'): NamedPath => ({ option, file });

async function refusal(outputs: NamedPath[], checks = {}): Promise<string> {
  const error = await checkOutputPaths(outputs, reads(), checks).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return (error as UsageError).message;
}

describe('checkOutputPaths', () => {
  it('accepts a new file and an existing report in writable directories', async () => {
    await expect(
      checkOutputPaths(
        [out(path.join(dir, 'reports', 'r.json')), out(path.join(dir, 'reports', 'old.json'), '--out-md')],
        reads(),
      ),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['a missing directory', 'missing/dir/r.html', /^Cannot write --out-json .*r\.html: no such directory \(/],
    ['a file as the directory', 'a-file/r.html', /a part of the path is not a directory|is not a directory/],
    ['a directory as the file', 'reports', /: it is a directory$/],
    ['the input', 'exports/menu.csv', /: it is --input .*menu\.csv, which this run reads$/],
    ['the input by a detour', 'exports/../exports/./menu.csv', /it is --input/],
    ['a symlink to the input', 'reports/link-to-menu.csv', /it is --input/],
    ['the input through a linked directory', 'exports-link/menu.csv', /it is --input/],
    ['a file in the state directory', 'state/report.json', /inside the state directory/],
    ['the state directory itself', 'state', /it is a directory/],
  ])('refuses %s', async (_what, file, message) => {
    expect(await refusal([out(path.join(dir, file))])).toMatch(message);
  });

  it('refuses an input that does not exist yet by its path (the run would read what it wrote)', async () => {
    const planned = path.join(dir, 'reports', 'next.csv');
    const error = await checkOutputPaths([out(planned)], {
      inputs: [{ option: '--input', file: path.join(dir, 'reports', '.', 'next.csv') }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
  });

  it('refuses two outputs naming the same file', async () => {
    const file = path.join(dir, 'reports', 'same.txt');
    expect(await refusal([out(file, '--out-md'), out(file, '--out-html')])).toBe(
      `Cannot write --out-html ${file}: --out-md names the same file`,
    );
  });

  it('refuses a directory it may not write to (root passes fs.access, so the check is injected here)', async () => {
    const seen: string[] = [];
    const canWrite = async (target: string) => {
      seen.push(target);
      return false;
    };
    const file = path.join(dir, 'reports', 'r.json');
    expect(await refusal([out(file)], { canWrite })).toBe(
      `Cannot write --out-json ${file}: permission denied: its directory is not writable (${path.join(dir, 'reports')})`,
    );
    expect(seen).toEqual([path.join(dir, 'reports')]);
  });

  it('does nothing without outputs (no file is even looked at)', async () => {
    await expect(
      checkOutputPaths([], { inputs: [{ option: '--input', file: '/no/such/file' }] }),
    ).resolves.toBeUndefined();
  });
});
