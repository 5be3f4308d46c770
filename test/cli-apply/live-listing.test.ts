import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrokenPage } from '../../src/sandbox/listing-faults.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// A live menu that cannot be read completely is not a live menu: every page of GET
// /menu/categories is checked, and a listing that cannot be trusted stops the run before it sends.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

// Every kind is checked page by page in test/platform/category-listing.test.ts; here, through the CLI.
const BROKEN: [BrokenPage, RegExp][] = [
  ['empty-page', /an empty listing while total_count says 3/],
  ['repeat-page', /page 1 repeats category uid \w+/],
];

describe('a live menu that cannot be read completely', () => {
  it.each(BROKEN)(
    '%s: apply exits 1, sends nothing and its report says why',
    async (answer, why) => {
      const full = await w.writeExport('full.csv', menuCsv(30));
      expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
      const cut = await w.writeExport('cut.csv', menuCsv(3));
      w.sandbox.injectFaults([{ kind: 'categories-page', answer }]);
      const result = await w.run(w.args('apply', cut, '--yes', '--json'));
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(why);
      expect(result.stderr).toContain('the live menu was not read completely');
      const report = JSON.parse(result.stdout) as { outcome: string; errors: string[] };
      expect(report.outcome).toBe('failed');
      expect(report.errors.join('\n')).toMatch(why);
      expect(w.imports()).toBe(1);
      expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(30);
    },
    90_000,
  );

  it('plan and remote categories refuse the same listing (exit 1)', async () => {
    const full = await w.writeExport('full.csv', menuCsv(30));
    expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
    w.sandbox.injectFaults([{ kind: 'categories-page', answer: 'no-categories', count: 2 }]);
    const plan = await w.run(w.args('plan', full));
    expect(plan.code, plan.stderr).toBe(1);
    expect(plan.stderr).toMatch(/page 1 has no "categories" member/);
    const remote = await w.run(['remote', 'categories']);
    expect(remote.code, remote.stderr).toBe(1);
    expect(remote.stdout).not.toContain('no categories');
    expect(remote.stderr).toMatch(/page 1 has no "categories" member/);
  }, 90_000);

  it('a clean empty listing where the snapshot holds 30 products is named, and the guard counts 27 of 30', async () => {
    const full = await w.writeExport('full.csv', menuCsv(30));
    expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
    const cut = await w.writeExport('cut.csv', menuCsv(3));
    w.sandbox.injectFaults([{ kind: 'categories-page', answer: 'empty-menu' }]);
    const result = await w.run(w.args('apply', cut, '--yes'));
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toContain(
      'the live menu is empty, though the last confirmed snapshot holds 30 products in 3 categories',
    );
    expect(result.stderr).toMatch(/remove 27 products of 30 \(90%\).*\(the live menu shows 0\)/);
    expect(w.imports()).toBe(1);
  }, 90_000);
});
