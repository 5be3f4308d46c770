import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse, stringify } from 'yaml';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { APPROVE_TOKEN, startConsoleWorld, startReceiver, type ConsoleWorld } from './console-world.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const hasPostgres = await postgresAvailable();
if (!hasChromium)
  console.warn(`console browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
/** Set MENUSYNC_SCREENSHOTS=DIR to keep the pages' screenshots (a phone's width) for a look. */
const SHOTS = process.env.MENUSYNC_SCREENSHOTS;

/** `menusync serve` as a child process; resolves with the URL it printed. */
async function serve(w: ConsoleWorld): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--config',
      w.config,
      '--state',
      w.stateUrl,
      '--listen',
      '127.0.0.1:0',
      '--refresh-seconds',
      '1',
    ],
    {
      cwd: w.dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  onTestFinished(async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    recordOutput(['serve'], stdout, stderr);
  });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /menusync serve: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}

async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  onTestFinished(() => browser.close());
  return browser;
}

async function nightlyBlockedThenApprovedInBrowser(postgres: boolean): Promise<void> {
  const hook = await startReceiver();
  const shop = { name: 'shop', client: 1, notify: hook.url, tags: ['city'] };
  const cafe = { name: 'cafe', client: 2 };
  const w = await startConsoleWorld(testTempDir('console-e2e'), [shop, cafe], { postgres });
  expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
  const url = await serve(w);
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
  const shot = async (name: string) => {
    if (!SHOTS) return;
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };
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
