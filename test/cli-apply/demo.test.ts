import { existsSync, readdirSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

describe('menusync demo (npm start)', () => {
  it('applies two menu versions to an in-process sandbox, exits 0 and leaves no temp folder', async () => {
    // The demo's own temp directory, so what it leaves behind is all that is in there.
    const tmp = testTempDir('demo-tmp');
    const result = await runCli(['demo'], { env: { TMPDIR: tmp } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/^Plan: /gm)).toHaveLength(2);
    expect(result.stdout).toMatch(/Plan: replace \(removes 1 product/);
    expect(result.stdout).toMatch(/~ product latte "Latte": price 3\.50 -> 3\.60/);
    // Plans are data (stdout); the narrative, verification and report paths are messages (stderr).
    expect(result.stderr.match(/Read-back verification: verified/g)).toHaveLength(2);
    expect(result.stderr).toMatch(/Applied replace in 1 request, 1 attempt\./);
    const stateDir = /State and reports go to (\S+) \(removed at the end/.exec(result.stderr)?.[1];
    expect(stateDir, result.stderr).toBeDefined();
    expect(path.dirname(stateDir as string)).toBe(tmp);
    expect(result.stderr).toContain(`Removed ${stateDir}`);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('keeps the state folder and its HTML reports with --keep', async () => {
    const tmp = testTempDir('demo-tmp');
    const result = await runCli(['demo', '--keep'], { env: { TMPDIR: tmp } });
    expect(result.code, result.stderr).toBe(0);
    const html = [...result.stderr.matchAll(/HTML report: (\S+\.html)/g)].map((m) => m[1] as string);
    expect(html).toHaveLength(2);
    for (const file of html) await access(file);
    const kept = /State and reports are kept in (\S+)/.exec(result.stderr)?.[1] as string;
    expect(existsSync(kept)).toBe(true);
    await rm(kept, { recursive: true, force: true });
  });
});
