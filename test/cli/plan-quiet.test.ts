import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from '../cli-apply/fixture.js';

let w: CliWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w.close();
});

describe('plan --quiet', () => {
  it('says why a plan is blocked, not only that it is', async () => {
    const full = await w.writeExport('full.csv', menuCsv(40));
    expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
    const truncated = await w.writeExport('truncated.csv', menuCsv(5));
    const result = await w.run(w.args('plan', truncated, '--quiet'));
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^blocked: .*remove/m);
    expect(result.stdout).toBe('');
  });
});
