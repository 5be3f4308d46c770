import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { hasChromium, launch, screenshots, warnWithoutChromium } from './browser.js';
import { APPROVE_TOKEN, startConsoleWorld, startReceiver } from './console-world.js';
import { serveChild } from './serve-child.js';

const hasPostgres = await postgresAvailable();
warnWithoutChromium('console browser tests');

async function nightlyBlockedThenApprovedInBrowser(postgres: boolean): Promise<void> {
  const hook = await startReceiver();
  const shop = { name: 'shop', client: 1, notify: hook.url, tags: ['city'] };
  const cafe = { name: 'cafe', client: 2 };
  const w = await startConsoleWorld(testTempDir('console-e2e'), [shop, cafe], { postgres });
  expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
  const url = (await serveChild(w, ['--refresh-seconds', '1'])).url;
  // The console's public URL, for the links the nightly run sends (the console itself needs none).
  const config = parse(await readFile(w.config, 'utf8')) as { console: Record<string, unknown> };
  config.console.public_url = url;
  await writeFile(w.config, stringify(config));
  await w.writeExport(shop, 4);
  const nightly = await w.run(['apply', '--all', '--yes']);
  expect(nightly.code, nightly.stderr).toBe(3);
  expect(hook.bodies).toHaveLength(1);
  const link = hook.bodies[0]!.approval as string;
  expect(link.startsWith(`${url}link/shop/`)).toBe(true);
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const shot = screenshots(page);
  await page.goto(link);
  await expect(page.locator('h1').textContent()).resolves.toBe('shop');
  expect(await page.content()).toContain('delete-limit');
  await shot('approval');
  await page.fill('input[name="by"]', 'Maria');
  await page.click('button[value="approve"]');
  const done = (await page.locator('main').textContent()) ?? '';
  expect(done).toMatch(/approved by Maria \(signed link\) at .*, applied in run /);
  await shot('approved');
  expect(w.platformProducts(1)).toBe(4);
  // The same link again: the run is decided, the link decides nothing more.
  await page.goto(link);
  expect(await page.locator('main').textContent()).toContain('approved by Maria');
  expect(await page.locator('button[value="approve"]').count()).toBe(0);
  // A person signs in: the fleet and the target show who approved.
  await page.goto(url);
  await page.fill('input[name="token"]', APPROVE_TOKEN);
  await page.click('button[type="submit"]');
  expect(await page.locator('h1').textContent()).toBe('Fleet');
  await shot('fleet');
  await page.click('a:text-is("shop")');
  expect(await page.locator('main').textContent()).toContain('approved by Maria (signed link)');
  await shot('target');
  const history = await w.run(['history', '--target', 'shop']);
  expect(history.stdout).toMatch(/approved by Maria \(signed link\) at .*applied in run/);
}

describe.runIf(hasChromium)('menusync serve in a browser: a manager approves a blocked nightly run', () => {
  it('over a state folder', () => nightlyBlockedThenApprovedInBrowser(false), 120_000);
  it.runIf(hasPostgres)('over PostgreSQL', () => nightlyBlockedThenApprovedInBrowser(true), 120_000);
});
