import { access } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('menusync demo (npm start)', () => {
  it('applies two menu versions to an in-process sandbox and exits 0', async () => {
    const result = await runCli(['demo']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/^Plan: /gm)).toHaveLength(2);
    expect(result.stdout).toMatch(/Plan: replace \(removes 1 product/);
    expect(result.stdout).toMatch(/~ product latte "Latte": price 3\.50 -> 3\.60/);
    // Plans are data (stdout); the narrative, verification and report paths are messages (stderr).
    expect(result.stderr.match(/Read-back verification: verified/g)).toHaveLength(2);
    const html = [...result.stderr.matchAll(/HTML report: (\S+\.html)/g)].map((m) => m[1] as string);
    expect(html).toHaveLength(2);
    for (const file of html) await access(file);
  });
});
