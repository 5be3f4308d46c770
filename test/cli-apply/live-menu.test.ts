import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

// Issue 12: the guards and the plan judged against the live menu, not only the local snapshot.
// The sandbox's tamper changes the menu behind menusync's back, as a back office would.

let w: CliWorld;

/** The one target folder of the world's state folder. */
async function targetFolder(): Promise<string> {
  const [folder] = (await readdir(w.stateDir, { withFileTypes: true })).filter((e) => e.isDirectory());
  return path.join(w.stateDir, folder!.name);
}
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

describe('a first sync onto a live menu that is not empty', () => {
  it('blocks a truncated export from another state folder instead of wiping 19 live products', async () => {
    const full = await w.writeExport('full.csv', menuCsv(19));
    expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
    const truncated = await w.writeExport('cut.csv', menuCsv(2));
    const fresh = path.join(w.dir, 'other-state');
    const args = w.args('apply', truncated, '--yes').map((a) => (a === w.stateDir ? fresh : a));
    const result = await w.run(args);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toMatch(/^Against the live menu \(19 products in 3 categories\)/);
    expect(result.stdout).toContain('- category cat-coffee "Coffee" (6 products)');
    expect(result.stdout).toContain(
      'first sync onto a live menu that is not empty (19 products in 3 categories)',
    );
    expect(result.stderr).toMatch(
      /remove 17 products of 19 live \(89\.5%\).*live categories it removes: category cat-coffee/,
    );
    expect(w.imports()).toBe(1);
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(19);
  });

  it('lets a first sync through when the live menu is empty, and over the limit with --allow-deletes', async () => {
    const full = await w.writeExport('full.csv', menuCsv(19));
    expect((await w.run(w.args('apply', full, '--yes'))).code).toBe(0);
    const truncated = await w.writeExport('cut.csv', menuCsv(2));
    const fresh = path.join(w.dir, 'other-state');
    const args = w
      .args('apply', truncated, '--yes', '--allow-deletes', '17')
      .map((a) => (a === w.stateDir ? fresh : a));
    expect((await w.run(args)).code).toBe(0);
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(2);
  });
});

describe('drift: the live menu changed outside menusync', () => {
  it('shows the drift first and plans a replace that sets it back (exit 10 with --detailed-exitcode)', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(19));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { removeProducts: 17, addHandmadeCategory: 'Specials' });
    const plan = await w.run(w.args('plan', input, '--detailed-exitcode'));
    expect(plan.code, plan.stderr).toBe(10);
    expect(plan.stdout).toMatch(/^Changed outside menusync \(4\)/);
    expect(plan.stdout).toContain('~ category cat-coffee "Coffee": products 6 -> 0');
    expect(plan.stdout).toMatch(/\+ category "Specials" \(made by hand, no ext_id, uid:\w+\)/);
    // The replace removes the hand-made category: named against the live menu.
    expect(plan.stdout).toMatch(/- category "Specials" \(made by hand/);
    expect(plan.stdout).toMatch(
      /Plan: replace \(the live menu changed outside menusync \(1 category added by hand, product counts of 3 categories changed, 17 products fewer\)/,
    );

    const json = JSON.parse((await w.run(w.args('plan', input, '--json'))).stdout) as Record<string, unknown>;
    expect(Object.keys(json).slice(0, 5)).toEqual(['formatVersion', 'command', 'target', 'drift', 'live']);
    expect(json.drift).toHaveLength(4);
    expect(json.live).toMatchObject({ categories: 4, products: 2, handmade: 1 });

    const quiet = await w.run(w.args('plan', input, '--quiet'));
    expect(quiet.stderr.trim().split('\n').at(-1)).toBe(
      // Never "no changes": the replace changes the live menu.
      `${quiet.stderr.trim().split('\n').at(-1)!.split(' ')[0]} menusync plan ${w.sandbox.url} (client ${w.clientId}): replace: ~ 3 categories  - 1 category on the live menu; 4 changed outside menusync (planned)`,
    );

    // Without a terminal, removing the hand-made category (and restoring 17 products) needs --yes.
    const unconfirmed = await w.run(w.args('apply', input));
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/this replace removes 1 entity; pass --yes/);
    const apply = await w.run(w.args('apply', input, '--yes'));
    expect(apply.code, apply.stderr).toBe(0);
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(19);
    expect((await w.run(w.args('plan', input, '--detailed-exitcode'))).code).toBe(0);
  });

  it('keeps the snapshot-only plan offline and says so first, on stderr', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(19));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { removeProducts: 17 });
    for (const result of [
      await w.run(w.args('plan', input, '--offline')),
      await w.run(w.args('plan', input), { env: { MENUSYNC_CLIENT_SECRET: '' } }),
    ]) {
      expect(result.code, result.stderr).toBe(0);
      // Before anything of the plan: only the state's location comes first.
      const lines = result.stderr.split('\n');
      expect(lines[0]).toMatch(/^state: /);
      expect(lines[1]).toMatch(/offline: planning against the local snapshot only \(/);
      expect(result.stdout).toMatch(/^no changes/);
    }
    const md = path.join(w.dir, 'plan.md');
    await w.run(w.args('plan', input, '--offline', '--out-md', md));
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(md, 'utf8')).toMatch(
      /\n> \*\*Offline: planned against the local snapshot only \(--offline\)/,
    );
  });

  it('shows the drift first in the Markdown and HTML reports', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(19));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { removeProducts: 3, hideCategories: ['cat-tea'] });
    const md = path.join(w.dir, 'plan.md');
    const html = path.join(w.dir, 'plan.html');
    expect((await w.run(w.args('plan', input, '--out-md', md, '--out-html', html))).code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const markdown = await readFile(md, 'utf8');
    expect(markdown.indexOf('### Changed outside menusync (')).toBeGreaterThan(0);
    expect(markdown.indexOf('### Changed outside menusync (')).toBeLessThan(markdown.indexOf('| | Change'));
    expect(markdown).toContain('- ~ category cat-tea "Tea": products 7 → 6, hidden false → true');
    const page = await readFile(html, 'utf8');
    expect(page.indexOf('<h2>Changed outside menusync (')).toBeGreaterThan(0);
    expect(page.indexOf('<h2>Changed outside menusync (')).toBeLessThan(page.indexOf('<table>'));
  });
});

describe('a resync after an uncertain outcome', () => {
  it('lists what it removes on the live menu and passes the delete limit', async () => {
    const small = await w.writeExport('small.csv', menuCsv(20));
    expect((await w.run(w.args('apply', small, '--yes'))).code).toBe(0);
    // A bigger menu lands, but its answer is lost: the snapshot stays at 20, the target uncertain.
    const big = await w.writeExport('big.csv', menuCsv(30));
    w.sandbox.injectFaults([{ kind: 'lost-after-apply', count: 5 }]);
    expect((await w.run(w.args('apply', big, '--yes'))).code).toBe(1);
    w.sandbox.clearFaults();
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(30);

    const plan = await w.run(w.args('plan', small));
    expect(plan.code, plan.stderr).toBe(3);
    // The import that landed unseen is drift from the snapshot; the resync lists what it undoes.
    expect(plan.stdout).toMatch(/^Changed outside menusync \(3\)/);
    expect(plan.stdout).toContain(
      'Against the live menu (30 products in 3 categories), this replace makes 3 changes',
    );
    expect(plan.stdout).toContain('~ category cat-tea "Tea": products 10 -> 7');
    expect(plan.stdout).toMatch(/Plan: replace \(the platform state is uncertain/);
    expect(plan.stdout).toMatch(/Blocked: the replace would remove 10 products of 30 live \(33\.3%\)/);

    const apply = await w.run(w.args('apply', small, '--yes'));
    expect(apply.code).toBe(3);
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(30);
    expect((await w.run(w.args('apply', small, '--yes', '--allow-deletes', '10'))).code).toBe(0);
    expect(w.sandbox.storedMenu(w.clientId).products).toHaveLength(20);
  });
});

describe('a live menu that cannot be read', () => {
  it('fails apply (exit 1) before anything is sent, with its report, and plan points to --offline', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const runs = async () => (await readdir(path.join(await targetFolder(), 'runs'))).length;
    const before = await runs();
    w.sandbox.injectFaults([{ kind: 'status', status: 503, count: 10, path: '/menu/categories' }]);
    const apply = await w.run(w.args('apply', await w.writeExport('b.csv', menuCsv(6)), '--yes'));
    expect(apply.code, apply.stderr).toBe(1);
    expect(apply.stderr).toMatch(/GET \/menu\/categories/);
    expect(w.imports()).toBe(1);
    expect(await runs()).toBe(before + 1);
    expect(apply.stdout).toMatch(
      /Plan: none \(not planned: the live menu could not be read \(GET \/menu\/categories/,
    );
    const plan = await w.run(w.args('plan', input, '--max-attempts', '1'));
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/--offline/);
    expect((await w.run(w.args('plan', input, '--offline'))).code).toBe(0);
  });
});

describe('a saved plan', () => {
  it('is refused (exit 3) when the live menu changed since it was made', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(19));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const changed = await w.writeExport('changed.csv', menuCsv(19, 1));
    const saved = path.join(w.dir, 'plan.json');
    expect((await w.run(w.args('plan', changed, '--out-plan', saved))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { addHandmadeCategory: true });
    const apply = await w.run(['apply', '--plan', saved, '--state', w.stateDir, '--yes']);
    expect(apply.code, apply.stderr).toBe(3);
    expect(apply.stderr).toMatch(/the live menu changed since the plan was made/);
  });

  it('made offline, is refused when the live menu drifted from its snapshot', async () => {
    const input = await w.writeExport('menu.csv', menuCsv(19));
    expect((await w.run(w.args('apply', input, '--yes'))).code).toBe(0);
    const saved = path.join(w.dir, 'plan.json');
    const changed = await w.writeExport('changed.csv', menuCsv(19, 1));
    expect((await w.run(w.args('plan', changed, '--offline', '--out-plan', saved))).code).toBe(0);
    const ok = await w.run(['apply', '--plan', saved, '--state', w.stateDir, '--yes']);
    expect(ok.code, ok.stderr).toBe(0);
    expect((await w.run(w.args('plan', input, '--offline', '--out-plan', saved))).code).toBe(0);
    w.sandbox.tamper(w.clientId, { removeProducts: 1 });
    const stale = await w.run(['apply', '--plan', saved, '--state', w.stateDir, '--yes']);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toMatch(/made offline, and the live menu changed outside menusync/);
  });
});
