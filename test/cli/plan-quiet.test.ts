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
    // One line: when, which target, which guard with its numbers.
    expect(result.stderr).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z menusync plan http:\/\/127\.0\.0\.1:\d+ \(client [^)]+\): replace: .*\(blocked\): delete-limit \(.*35.*\): .*remove/m,
    );
    expect(result.stdout).toBe('');
  });
});
