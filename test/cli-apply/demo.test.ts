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
    expect(result.stdout.match(/^Plan: /gm)).toHaveLength(3);
    expect(result.stdout).toMatch(/Plan: replace \(removes 1 product/);
    // Step 3: the live menu edited by hand is shown first and put right.
    expect(result.stdout).toMatch(/^Changed outside menusync \(2\)/m);
    expect(result.stdout).toMatch(/\+ category "Specials" \(made by hand, no ext_id/);
    expect(result.stderr).toMatch(/The sandbox now holds 3 categories and 9 products/);
    expect(result.stdout).toMatch(/~ product latte "Latte": price 3\.50 -> 3\.60/);
    // Plans are data (stdout); the narrative, verification and report paths are messages (stderr).
    expect(result.stderr.match(/Read-back verification: verified/g)).toHaveLength(3);
    expect(result.stderr).toMatch(/Applied replace in 1 request, 1 attempt\./);
    const stateDir = /State and reports go to (\S+) \(removed at the end/.exec(result.stderr)?.[1];
    expect(stateDir, result.stderr).toBeDefined();
    expect(path.dirname(stateDir as string)).toBe(tmp);
    expect(result.stderr).toContain(`Removed ${stateDir}`);
    expect(readdirSync(tmp)).toEqual([]);
    // No path printed that the demo then deletes.
    expect(result.stderr).not.toContain(`${stateDir}${path.sep}`);
    expect(
      result.stderr.match(/HTML report written to the state folder \(menusync demo --keep keeps it\)/g),
    ).toHaveLength(3);
  });

  it('keeps the state folder and its HTML reports with --keep', async () => {
    const tmp = testTempDir('demo-tmp');
    const result = await runCli(['demo', '--keep'], { env: { TMPDIR: tmp } });
    expect(result.code, result.stderr).toBe(0);
    const html = [...result.stderr.matchAll(/HTML report: (\S+\.html)/g)].map((m) => m[1] as string);
    expect(html).toHaveLength(3);
    for (const file of html) await access(file);
    const kept = /State and reports are kept in (\S+)/.exec(result.stderr)?.[1] as string;
    expect(existsSync(kept)).toBe(true);
    await rm(kept, { recursive: true, force: true });
  });
});
