import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

/**
 * A real full disk and a real read-only file system: the state folder is a small tmpfs mounted in
 * a private mount namespace (`unshare --mount`), which only the CLI child and a shell see, and
 * which disappears with them. Needs CAP_SYS_ADMIN (root, as in CI); skipped, visibly, without it.
 * (chmod cannot stand in: root ignores it; nor can a stubbed fs: the point is what the OS does.)
 */
async function canMountTmpfs(): Promise<boolean> {
  const dir = await mkdtemp(path.join(tmpdir(), 'menusync-mount-probe-'));
  try {
    await promisify(execFile)('unshare', [
      '--mount',
      'sh',
      '-c',
      `mount -t tmpfs -o size=16k tmpfs "${dir}"`,
    ]);
    return true;
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const mountable = await canMountTmpfs();
if (!mountable) console.warn('SKIPPED state-disk-errors: cannot mount a tmpfs in a private mount namespace');

type Step = { cli: string[] } | { sh: string };
interface StepResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Files of the state folder after the step, relative to it. */
  files: string[];
}

const SIZE_KB = 8192;

/** Runs the steps in one private mount namespace whose state folder is a tmpfs with `freeKb` free. */
async function onTinyDisk(world: CliWorld, freeKb: number, steps: Step[]): Promise<StepResult[]> {
  const out = path.join(world.dir, 'out');
  await mkdir(out, { recursive: true });
  await mkdir(world.stateDir, { recursive: true });
  const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
  const lines = [
    'set -u',
    `mount -t tmpfs -o size=${SIZE_KB}k tmpfs "$STATE" || exit 97`,
    `head -c ${(SIZE_KB - freeKb) * 1024} /dev/zero > "$STATE/.filler" 2>/dev/null`,
    ...steps.map((step, index) =>
      'sh' in step
        ? step.sh
        : `"$NODE" "$CLI" ${step.cli.map(quote).join(' ')} > "$OUT/${index}.stdout" 2> "$OUT/${index}.stderr"; ` +
          `echo $? > "$OUT/${index}.code"; (cd "$STATE" && find . -type f ! -name .filler | sort) > "$OUT/${index}.files"`,
    ),
  ];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('unshare', ['--mount', 'sh', '-c', lines.join('\n')], {
      cwd: world.dir,
      env: {
        PATH: process.env.PATH,
        NO_COLOR: '1',
        ...world.env,
        STATE: world.stateDir,
        OUT: out,
        NODE: process.execPath,
        CLI,
      },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  const results: StepResult[] = [];
  for (const [index, step] of steps.entries()) {
    if (!('cli' in step)) continue;
    const read = (suffix: string) => readFile(path.join(out, `${index}.${suffix}`), 'utf8');
    const [stdout, stderr, exit, files] = await Promise.all([
      read('stdout'),
      read('stderr'),
      read('code'),
      read('files'),
    ]);
    recordOutput(step.cli, stdout, stderr);
    results.push({ code: Number(exit), stdout, stderr, files: files.split('\n').filter(Boolean) });
  }
  return results;
}

const temps = (files: string[]) => files.filter((file) => /\.tmp$/.test(file));

describe.skipIf(!mountable)('state folder on a full or read-only disk', () => {
  let world: CliWorld;
  afterEach(async () => world?.close());

  it('ENOSPC before sending: names the path, says nothing was sent, leaves no temp file', async () => {
    world = await startWorld();
    const input = await world.writeExport('menu.csv', menuCsv(5));
    const [run] = await onTinyDisk(world, 0, [{ cli: world.args('apply', input, '--yes') }]);
    expect(run!.code).toBe(1);
    expect(run!.stderr).toMatch(
      /^error: cannot write \/.+\/lock: no space left on the device \(ENOSPC\); nothing was sent to the platform$/m,
    );
    expect(run!.stderr).toMatch(/^hint: free space on the file system of the state folder/m);
    expect(run!.stderr).not.toMatch(/^\s+at /m);
    expect(world.imports()).toBe(0);
    expect(temps(run!.files)).toEqual([]);
  });

  it('ENOSPC after sending: says the import was applied, stays uncertain, and the next run replaces', async () => {
    world = await startWorld();
    // ~200 KB of payload and snapshot: more than the 16 KB left once the lock and status are written.
    const input = await world.writeExport('menu.csv', menuCsv(2_000));
    const apply = world.args('apply', input, '--yes');
    const [failed, healed] = await onTinyDisk(world, 16, [
      { cli: apply },
      { sh: 'cat "$STATE"/*/status.json > "$OUT/status.json"; rm "$STATE/.filler"' },
      { cli: apply },
    ]);
    expect(failed!.code).toBe(1);
    expect(failed!.stderr).toMatch(
      /^error: cannot write \/.+: no space left on the device \(ENOSPC\); the platform applied the import but this run could not record it: the target stays marked uncertain and the next apply sends the whole menu as a replace$/m,
    );
    expect(world.sandbox.importCount(world.clientId)).toBe(2);
    const status = JSON.parse(await readFile(path.join(world.dir, 'out', 'status.json'), 'utf8')) as {
      uncertain: boolean;
    };
    expect(status.uncertain).toBe(true);
    expect(temps(failed!.files)).toEqual([]);
    expect(failed!.files.some((file) => file.endsWith('/snapshot.json'))).toBe(false);
    expect(healed!.code, healed!.stderr).toBe(0);
    expect(healed!.stdout).toMatch(/Plan: replace \(the platform state is uncertain/);
  });

  it('EROFS: names the path and says nothing was sent', async () => {
    world = await startWorld();
    const v1 = await world.writeExport('v1.csv', menuCsv(5));
    const v2 = await world.writeExport('v2.csv', menuCsv(5, 1));
    const [first, readOnly] = await onTinyDisk(world, 128, [
      { cli: world.args('apply', v1, '--yes') },
      { sh: 'mount -o remount,ro "$STATE"' },
      { cli: world.args('apply', v2, '--yes') },
    ]);
    expect(first!.code).toBe(0);
    expect(readOnly!.code).toBe(1);
    expect(readOnly!.stderr).toMatch(
      /^error: cannot write \/.+\/lock: read-only file system \(EROFS\); nothing was sent to the platform$/m,
    );
    expect(readOnly!.stderr).toMatch(/^hint: the state folder is on a read-only file system/m);
    expect(world.sandbox.importCount(world.clientId)).toBe(1);
    expect(temps(readOnly!.files)).toEqual([]);
  });
});
