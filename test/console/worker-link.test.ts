import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { verifyApproval } from '../../src/notify/approval-link.js';
import { menuCsv } from '../cli-apply/fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startWorkerWorld } from '../worker/worker-world.js';
import { LINK_KEY, startReceiver } from './console-world.js';

const available = await postgresAvailable();

describe.runIf(available)('menusync worker: a blocked job tells its webhook the manager link', () => {
  it('signs a link to the blocked run under console.public_url', async () => {
    const hook = await startReceiver();
    const w = await startWorkerWorld(testTempDir('worker-link'), [
      { name: 'shop', client: 1, notify: hook.url },
    ]);
    expect((await w.run(['apply', '--target', 'shop', '--yes'])).code).toBe(0);
    const config = parse(await readFile(w.config, 'utf8')) as Record<string, unknown>;
    config.console = { public_url: 'https://menus.example.com', key: LINK_KEY };
    await writeFile(w.config, stringify(config));
    await writeFile(path.join(w.dir, 'shop.csv'), menuCsv(0));
    const worker = w.worker('solo', ['--concurrency', '1', '--poll-seconds', '0.5']);
    await worker.saw('taking syncs');
    expect((await w.run(['fleet', 'enqueue', '--all'])).code).toBe(0);
    await w.waitForLedger((rows) => rows.some((row) => row.exit_code === 3));
    worker.proc.kill('SIGTERM');
    await worker.exited;
    expect(hook.bodies).toHaveLength(1);
    const body = hook.bodies[0]!;
    const link = new URL(body.approval as string);
    expect(link.origin).toBe('https://menus.example.com');
    const [, , target, runId] = link.pathname.split('/');
    expect(target).toBe('shop');
    expect(runId).toBe(body.runId);
    expect(verifyApproval(LINK_KEY, 'shop', runId!, link.searchParams, new Date())).toMatchObject({
      target: 'shop',
    });
    expect(verifyApproval(LINK_KEY, 'cafe', runId!, link.searchParams, new Date())).toBe(
      'the link is not valid',
    );
  }, 90_000);
});
