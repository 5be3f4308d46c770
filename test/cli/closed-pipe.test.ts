import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

const MAPPING = path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml');
const MENU = path.join(REPO_ROOT, 'fixtures/demo/menu-v1.csv');

/** A CSV the demo mapping reads with one bad price: validate exits 2 after several lines. */
function badExport(): string {
  const file = path.join(testTempDir('pipe'), 'bad.csv');
  writeFileSync(
    file,
    'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n' +
      'espresso,Espresso,Coffee,A short double shot,,abc,Y,N\n',
  );
  return file;
}

/**
 * Runs the CLI with its stdout and stderr pipes closed by the reader before it writes anything,
 * as `| head -0` would: every write the CLI makes fails with EPIPE.
 */
function runWithClosedPipes(args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    child.stderr.destroy();
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
}

describe('a closed output pipe keeps the exit code', () => {
  it('validate with a problem still exits 2 when both pipes are closed', async () => {
    expect(await runWithClosedPipes(['validate', '--mapping', MAPPING, '--input', badExport()])).toBe(2);
  });

  it('extract still exits 0 when the reader of its JSON went away', async () => {
    expect(await runWithClosedPipes(['extract', '--mapping', MAPPING, '--input', MENU])).toBe(0);
  });

  it('a mapping error still exits 2 when stderr is closed', async () => {
    expect(await runWithClosedPipes(['validate', '--mapping', path.join(REPO_ROOT, 'no-such.yaml')])).toBe(2);
  });

  it('`validate … 2>&1 | head -1` in a shell exits with validate’s 2', async () => {
    const command = `set -o pipefail; '${process.execPath}' '${CLI}' validate --mapping '${MAPPING}' --input '${badExport()}' 2>&1 | head -1`;
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('bash', ['-c', command], { stdio: 'ignore' });
      child.on('close', resolve);
    });
    expect(code).toBe(2);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'a full disk is a failure (exit 1) with one line, not a success',
    async () => {
      const command = `'${process.execPath}' '${CLI}' extract --mapping '${MAPPING}' --input '${MENU}' > /dev/full`;
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('error: cannot write the output: ENOSPC');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
  );
});
