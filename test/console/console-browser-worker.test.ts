import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startApprovalWorld, type ApprovalWorld } from './approval-world.js';
import { APPROVE_TOKEN, startReceiver } from './console-world.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const hasPostgres = await postgresAvailable();
if (!hasChromium)
  console.warn(
    `console browser test with a worker skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`,
  );
/** Set MENUSYNC_SCREENSHOTS=DIR to keep the pages' screenshots (a phone's width) for a look. */
const SHOTS = process.env.MENUSYNC_SCREENSHOTS;

/** `menusync serve` as a child process beside the workers; resolves with the URL it printed. */
async function serve(w: ApprovalWorld): Promise<string> {
  const args = ['serve', '--config', w.config, '--state', w.stateUrl, '--listen', '127.0.0.1:0'];
  const child = spawn(process.execPath, [CLI, ...args, '--refresh-seconds', '1'], {
    cwd: w.dir,
    env: { PATH: process.env.PATH, NO_COLOR: '1' },
  });
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
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  onTestFinished(() => browser.close());
  return browser;
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 200) {
    if (waited > 40_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(hasChromium && hasPostgres)('menusync serve in a browser, beside a worker', () => {
  it("a worker's nightly run is blocked, a manager approves it on a phone, the worker applies it", async () => {
    const hook = await startReceiver();
    const shop = { name: 'shop', client: 1, notify: hook.url };
    const w = await startApprovalWorld(testTempDir('console-e2e-worker'), [shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    const url = await serve(w);
    // The console's public URL in the config the worker reads: its webhook carries links under it.
    await w.publish(url);
    const worker = w.worker('nightly');
    await worker.saw('taking syncs');
    await w.writeExport(shop, 4);
    expect((await w.run(['fleet', 'enqueue', '--all'])).code).toBe(0);
    await until(() => hook.bodies.length === 1, `the blocked job's webhook: ${worker.output()}`);
    const blocked = hook.bodies[0]!;
    expect(blocked).toMatchObject({ outcome: 'blocked', exit: 3 });
    const link = blocked.approval as string;
    expect(link.startsWith(`${url}link/shop/${blocked.runId as string}?`)).toBe(true);
    const imports = w.importCount(1);

    const page = await (await launch()).newPage({ viewport: { width: 390, height: 844 } });
    const shot = async (name: string) => {
      if (!SHOTS) return;
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    };
    await page.goto(link);
    await expect(page.locator('h1').textContent()).resolves.toBe('shop');
    expect(await page.content()).toContain('delete-limit');
    await page.fill('input[name="by"]', 'Maria');
    await page.click('button[value="approve"]');
    expect((await page.locator('main').textContent()) ?? '').toMatch(
      /approved by Maria \(signed link\) at .*, queued for a worker/,
    );
    await shot('worker-approved');
    const done = await w.waitForDecision(shop, blocked.runId as string, (d) => d?.state === 'applied');
    // The worker applied exactly the kept plan, once.
    expect(w.importCount(1)).toBe(imports + 1);
    expect(w.platformProducts(1)).toBe(4);

    // A person signs in: the run's page says who approved and which run applied it.
    await page.goto(url);
    await page.fill('input[name="token"]', APPROVE_TOKEN);
    await page.click('button[type="submit"]');
    expect(await page.locator('h1').textContent()).toBe('Fleet');
    await page.goto(`${url}t/shop/runs/${blocked.runId as string}`);
    const line = `approved by Maria (signed link) at ${done.at}, applied in run ${done.appliedRun}`;
    expect(await page.locator('main').textContent()).toContain(line);
    await shot('worker-run');
    const history = await w.run(['history', '--target', 'shop']);
    expect(history.stdout).toContain(line);
    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  }, 120_000);
});
