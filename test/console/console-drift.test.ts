import { describe, expect, it } from 'vitest';
import { sandboxClient } from '../../src/sandbox/index.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { startConsoleWorld } from './console-world.js';

/** The rows of the fleet page's table: each target's name and its drift cell. */
function driftCells(page: string): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const row of page.matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
    const name = />([^<]+)<\/a\s*>/.exec(row[1]!)?.[1];
    const tds = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((td) => td[1]!.trim());
    if (name) cells[name] = tds[4]!;
  }
  return cells;
}

describe('menusync serve: drift, what changed on the live menu outside menusync', () => {
  it('shows each last run’s drift on the fleet and the target, and filters by it', async () => {
    const shop = { name: 'shop', client: 1 };
    const cafe = { name: 'cafe', client: 2 };
    const w = await startConsoleWorld(testTempDir('console-drift'), [shop, cafe]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    // Someone edits shop's menu by hand on the platform; the next runs of both read their live menus.
    w.sandbox.tamper(sandboxClient(1).clientId, { addHandmadeCategory: 'Specials' });
    await w.run(['apply', '--all', '--yes']);
    const c = await w.serve();

    const fleet = await w.get(c.url);
    expect(driftCells(fleet.text)).toEqual({ shop: '1 change', cafe: 'none' });
    const drifted = await w.get(`${c.url}?drift=drifted`);
    expect(Object.keys(driftCells(drifted.text))).toEqual(['shop']);
    expect(drifted.text).toContain('<option value="drifted" selected>');
    const clean = await w.get(`${c.url}?drift=clean`);
    expect(Object.keys(driftCells(clean.text))).toEqual(['cafe']);

    const target = await w.get(`${c.url}t/shop`);
    expect(target.text).toMatch(/found 1 change made\s+on\s+the platform outside menusync/);
    expect(target.text).toMatch(
      /<li>add category &quot;Specials&quot; \(made by hand, no ext_id, uid:[^<]+\)<\/li>/,
    );
    // The target page names what the run read and what the config gives.
    expect(target.text).toMatch(/Read by the last run<\/strong> [^<]*shop\.csv/);
    expect(target.text).toContain('<strong>Mapping</strong>');
    expect(target.text).toContain('<strong>Next run</strong> no schedule');
    expect((await w.get(`${c.url}t/cafe`)).text).toContain('None: the');
  }, 60_000);
});
