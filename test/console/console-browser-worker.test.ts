import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startApprovalWorld } from './approval-world.js';
import { hasChromium, launch, screenshots, warnWithoutChromium } from './browser.js';
import { APPROVE_TOKEN, startReceiver } from './console-world.js';
import { serveChild } from './serve-child.js';

const hasPostgres = await postgresAvailable();
warnWithoutChromium('console browser test with a worker');

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
    const url = (await serveChild(w, ['--refresh-seconds', '1'])).url;
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
    const shot = screenshots(page);
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
