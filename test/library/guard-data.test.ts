import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, plan } from '../../src/library/index.js';
import type { RunOptions } from '../../src/library/options.js';
import { startSandbox, DEMO_CLIENT, type SandboxHandle } from '../../src/sandbox/index.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

const MAPPING = path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml');
const HEADER = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""';

/** A demo export of `count` plain products, written into `dir`. */
async function exportOf(dir: string, count: number): Promise<string> {
  const rows = Array.from({ length: count }, (_, i) => `p${i},Product ${i},Food,,,${i + 1}.50,Y,N`);
  const file = path.join(dir, `menu-${count}.csv`);
  await writeFile(file, `${[HEADER, ...rows].join('\n')}\n`);
  return file;
}

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

function options(state: string, input: string): RunOptions {
  return {
    mapping: MAPPING,
    inputs: [input],
    state,
    target: { baseUrl: sandbox.url, ...DEMO_CLIENT, maxAttempts: 2 },
  };
}

describe('a blocked plan, as the library reads it', () => {
  it('carries the guard, its numbers and the allowance that lets it through, in the option names, no flag', async () => {
    const dir = testTempDir('library-guard');
    const state = path.join(dir, 'state');
    const first = await apply(options(state, await exportOf(dir, 30)));
    expect(first.error).toBeUndefined();
    const cut = await exportOf(dir, 5);

    const planned = await plan(options(state, cut));
    const block = planned.plan?.blockedBy?.[0];
    expect(planned.exit).toBe(3);
    expect(block).toMatchObject({
      guard: 'delete-limit',
      numbers: { removed: 25, snapshotProducts: 30, limitCount: 10, limitPercent: 20 },
      allows: { setting: 'allowDeletes', value: 25 },
    });
    expect(block?.message).toContain('allow it with guards.allowDeletes 25 if intended');

    const refused = await apply(options(state, cut));
    expect(refused.exit).toBe(3);
    expect(refused.outcome?.plan.blockedBy?.[0]?.allows).toEqual({ setting: 'allowDeletes', value: 25 });
    for (const text of [refused.errorText, refused.outcome?.plan.blocked, JSON.stringify(refused.error)])
      expect(text ?? '').not.toMatch(/--[a-z]/);
    expect(refused.errorText).toContain('guards.allowDeletes');

    // The data is enough to allow exactly what was refused, and no more.
    const allowed = block?.allows?.value as number;
    const again = await apply({
      ...options(state, cut),
      guards: { allowDeletes: allowed },
      allowRemovals: true,
    });
    expect(again.error).toBeUndefined();
    expect(again.outcome?.report.outcome).toBe('applied');
  });

  it('refuses a setting out of range by its option name (exit 2), before anything is sent', async () => {
    const dir = testTempDir('library-range');
    const input = await exportOf(dir, 3);
    const result = await apply({ ...options(path.join(dir, 'state'), input), maxPayloadBytes: 0 });
    expect(result.exit).toBe(2);
    expect(result.errorText).toMatch(/^maxPayloadBytes must be a whole number from 1 to \d+ bytes, got 0/);
    const planned = await plan({
      ...options(path.join(dir, 'state'), input),
      target: { baseUrl: sandbox.url, clientId: 'demo', maxAttempts: 0 },
    });
    expect(planned.exit).toBe(2);
    expect(planned.errorText).toMatch(/^target\.maxAttempts must be/);
  });
});
