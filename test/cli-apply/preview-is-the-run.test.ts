import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// What a preview shows is what runs: rollback --dry-run and the rollback shown without --yes read
// the live menu as the rollback itself does, and a saved plan applies only the menu it was made from.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const rollback = (...more: string[]) =>
  w.run(['rollback', '--state', w.stateDir, '--max-attempts', '1', '--steps', '1', ...more]);

describe('a rollback preview', () => {
  it('shows the drift and names the hand-made category the rollback removes, with or without --dry-run', async () => {
    expect((await w.run(w.args('apply', await w.writeExport('v1.csv', menuCsv(12)), '--yes'))).code).toBe(0);
    expect((await w.run(w.args('apply', await w.writeExport('v2.csv', menuCsv(15, 1)), '--yes'))).code).toBe(
      0,
    );
    w.sandbox.tamper(w.clientId, { addHandmadeCategory: 'Specials' });
    for (const flag of [['--dry-run'], []]) {
      const shown = await rollback(...flag);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stderr).toMatch(/refresh: the live menu holds 4 categories and 15 products/);
      expect(shown.stdout).toMatch(/Changed outside menusync \(1\)/);
      expect(shown.stdout).toMatch(/- category "Specials" \(made by hand, no ext_id, uid:\w+\)/);
    }
    expect(w.imports()).toBe(2);
  }, 120_000);

  it('passes the guards against the live menu: a listing that cannot be read fails the preview (exit 1)', async () => {
    expect((await w.run(w.args('apply', await w.writeExport('v1.csv', menuCsv(12)), '--yes'))).code).toBe(0);
    expect((await w.run(w.args('apply', await w.writeExport('v2.csv', menuCsv(15, 1)), '--yes'))).code).toBe(
      0,
    );
    w.sandbox.injectFaults([{ kind: 'categories-page', answer: 'empty-page' }]);
    const shown = await rollback('--dry-run');
    expect(shown.code, shown.stderr).toBe(1);
    expect(shown.stderr).toMatch(/an empty listing while total_count says 3/);
  }, 120_000);
});

describe('apply --plan', () => {
  it('refuses an --input that gives another menu than the plan was made from (exit 2), and takes the same one', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(12));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const changed = await w.writeExport('changed.csv', menuCsv(12, 1));
    const saved = path.join(w.dir, 'saved-plan.json');
    expect((await w.run(w.args('plan', changed, '--out-plan', saved))).code).toBe(0);
    const other = await w.writeExport('other.csv', menuCsv(13, 2));
    const refused = await w.run(w.args('apply', other, '--plan', saved, '--yes'));
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      `--input ${other} gives another menu than the one the plan ${saved} was made from`,
    );
    expect(w.imports()).toBe(1);
    await writeFile(other, menuCsv(12, 1));
    const same = await w.run(w.args('apply', other, '--plan', saved, '--yes'));
    expect(same.code, same.stderr).toBe(0);
    expect(w.imports()).toBe(2);
  }, 120_000);
});
