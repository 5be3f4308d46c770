import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable } from '../state/postgres-fixture.js';
import { startWorkerWorld } from './worker-world.js';

const available = await postgresAvailable();

const FAST = ['--poll-seconds', '0.5', '--supervise-seconds', '1'];

/** A real webhook receiver on 127.0.0.1: answers 500 on /down, 204 elsewhere, and keeps every POST. */
async function startReceiver() {
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(req.url === '/down' ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe.runIf(available)("menusync worker: a target's notify:", () => {
  it('posts once for a blocked job, nothing for an outcome it does not name, and a failing webhook leaves the job as it ended', async () => {
    const hook = await startReceiver();
    const w = await startWorkerWorld(testTempDir('worker'), [
      { name: 'blocked', client: 1, empty: true, notify: `${hook.url}/blocked` },
      { name: 'fine', client: 2, notify: `${hook.url}/fine` },
      { name: 'refused', client: 3, empty: true, notify: `${hook.url}/down` },
    ]);
    const worker = w.worker('solo', ['--concurrency', '1', ...FAST]);
    await worker.saw('taking syncs');
    expect((await w.run(['fleet', 'enqueue', '--all', '--retries', '0'])).code).toBe(0);
    const rows = await w.waitForLedger(
      (ledger) => ledger.filter((row) => row.exit_code !== null).length === 3,
    );
    await worker.saw('refused: notify: the webhook at');

    // The job's outcome is the sync's: the failing webhook changed nothing.
    expect(rows.map((row) => [row.target, row.state, row.exit_code]).sort()).toEqual([
      ['blocked', 'needs-person', 3],
      ['fine', 'succeeded', 0],
      ['refused', 'needs-person', 3],
    ]);
    // `fine` applied, which the default `on:` does not name; /down was tried twice.
    expect(hook.received.map((r) => r.path).sort()).toEqual(['/blocked', '/down', '/down']);
    expect(hook.received.find((r) => r.path === '/blocked')!.body).toMatchObject({
      source: 'menusync',
      event: 'run_end',
      command: 'apply',
      target: 'blocked',
      outcome: 'blocked',
      classes: ['blocked'],
      exit: 3,
    });
    expect(hook.received.find((r) => r.path === '/blocked')!.body.blocked).toMatch(/^empty-menu /);
    expect(worker.output()).toContain(
      `refused: notify: the webhook at ${hook.url} failed (HTTP 500 after 2 attempts); the run's exit code is unchanged`,
    );

    worker.proc.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  });
});
