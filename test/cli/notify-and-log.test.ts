import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCsv, shopTargetLines, startWorld, type CliWorld } from '../cli-apply/fixture.js';
import { runCli } from '../helpers/run-cli.js';

// A real webhook receiver on 127.0.0.1 and the sandbox; one config target that notifies it.

interface Received {
  path: string;
  body: Record<string, unknown>;
}

let w: CliWorld;
let receiver: Server;
let hookUrl: string;
let status = 204;
/** When set, the receiver answers 307 to this Location (another path of its own, where it would see a follow). */
let redirectTo: string | undefined;
const received: Received[] = [];
const TOKEN = 'hook-token-s3cr3t';

const apply = (...more: string[]) =>
  runCli(
    ['apply', '--config', path.join(w.dir, 'menusync.config.yaml'), '--target', 'shop', '--yes', ...more],
    {
      cwd: w.dir,
      env: { HOOK_URL: hookUrl, FLEET_HOOK_URL: `${new URL(hookUrl).origin}/fleet` },
    },
  );

beforeAll(async () => {
  w = await startWorld();
  receiver = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      if (redirectTo !== undefined) res.writeHead(307, { location: redirectTo }).end();
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${TOKEN}?key=${TOKEN}`;
  await w.writeExport('client.secret', w.env.MENUSYNC_CLIENT_SECRET!);
  await w.writeExport('menu.csv', menuCsv(40));
  await writeFile(
    path.join(w.dir, 'menusync.config.yaml'),
    [
      'notify: { url: "${FLEET_HOOK_URL}", on: [blocked] }',
      ...shopTargetLines(w),
      '    max_attempts: 1',
      '    notify: { url: "${HOOK_URL}", max_attempts: 2, timeout: 5 }',
      '',
    ].join('\n'),
  );
  expect((await apply('--quiet')).code).toBe(0);
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await w.close();
});

describe('notify and --log-format json', () => {
  it('posts nothing for an unchanged run; the JSON log has its start and end', async () => {
    received.length = 0;
    const result = await apply('--log-format', 'json');
    expect(result.code, result.stderr).toBe(0);
    expect(received).toEqual([]);
    const events = result.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((e) => e.event)).toEqual(['run_start', 'run_end']);
    expect(events[1]).toMatchObject({
      command: 'apply',
      target: 'shop',
      outcome: 'none',
      exit: 0,
      classes: [],
    });
    expect(events[1]!.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(events[1]!.counts).toBeDefined();
  });

  it('posts exactly once for a blocked run, which says why in one stamped line', async () => {
    received.length = 0;
    await w.writeExport('menu.csv', menuCsv(5));
    const result = await apply('--quiet');
    expect(result.code, result.stderr).toBe(3);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe(`/hooks/${TOKEN}?key=${TOKEN}`);
    expect(received[0]!.body).toMatchObject({
      source: 'menusync',
      target: 'shop',
      outcome: 'blocked',
      classes: ['blocked'],
      exit: 3,
    });
    expect(received[0]!.body.blocked).toMatch(/^delete-limit \(.*35.*\): /);
    expect(result.stderr).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z menusync apply shop: replace: .*\(blocked, nothing sent\): delete-limit /m,
    );
  });

  it('a failing webhook leaves the exit code and says so on stderr, without its token', async () => {
    received.length = 0;
    status = 500;
    const result = await apply('--quiet');
    status = 204;
    expect(result.code, result.stderr).toBe(3);
    expect(received).toHaveLength(2);
    const origin = new URL(hookUrl).origin;
    expect(result.stderr).toContain(
      `notify: the webhook at ${origin} failed (HTTP 500 after 2 attempts); the run's exit code is unchanged`,
    );
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('a webhook that redirects is not followed: one POST, one line on stderr', async () => {
    received.length = 0;
    redirectTo = '/caught';
    const result = await apply('--quiet');
    redirectTo = undefined;
    expect(result.code, result.stderr).toBe(3);
    expect(received.map((r) => r.path)).toEqual([`/hooks/${TOKEN}?key=${TOKEN}`]);
    expect(result.stderr).toMatch(/notify: the webhook at \S+ failed \(HTTP 307, a redirect, not followed/);
  });

  it('a run blocked by a bad row names its file, row and column in the stamped line and the webhook', async () => {
    received.length = 0;
    await w.writeExport('menu.csv', menuCsv(40).replace(/^(item-4,.*?,,,)2\.40,/m, '$1abc,'));
    const result = await apply('--quiet');
    expect(result.code, result.stderr).toBe(3);
    const why =
      /extraction-errors \(errors 1\): 1 extraction error: fix the input or mapping first \(first: \S*menu\.csv, row 5, column "Price": .*\[bad-price\]\)/;
    expect(result.stderr).toMatch(
      new RegExp(`^\\S+Z menusync apply shop: .*\\(blocked, nothing sent\\): ${why.source}`, 'm'),
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.body.blocked).toMatch(new RegExp(`^${why.source}$`));
    await w.writeExport('menu.csv', menuCsv(5));
  });

  it('a run blocked by prices in cents (every price times 100) names price-factor in the stamped line, the webhook and the fleet line', async () => {
    received.length = 0;
    const cents = menuCsv(40).replace(/,(\d+\.\d\d),Y,/g, (_, price: string) => `,${Number(price) * 100},Y,`);
    await w.writeExport('menu.csv', cents);
    const result = await apply('--quiet');
    expect(result.code, result.stderr).toBe(3);
    const why = /price-factor \(changed 40, pricedProducts 40, factor 10, limitCount 10, limitPercent 20\): /;
    expect(result.stderr).toMatch(
      new RegExp(`^\\S+Z menusync apply shop: .*\\(blocked, nothing sent\\): ${why.source}`, 'm'),
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.body.blocked).toMatch(
      new RegExp(`^${why.source}.*--allow-price-changes 40 if intended`),
    );
    const fleet = await apply('--all');
    expect(fleet.code).toBe(3);
    expect(fleet.stdout + fleet.stderr).toMatch(/shop.*blocked/);
    await w.writeExport('menu.csv', menuCsv(5));
  });

  it('a fleet: JSON lines per target and for the fleet; the target and the fleet webhooks each get one POST', async () => {
    received.length = 0;
    const result = await apply('--all', '--log-format', 'json');
    expect(result.code, result.stderr).toBe(3);
    const events = result.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((e) => e.event)).toEqual(['run_start', 'run_end', 'fleet_end']);
    expect(events[1]).toMatchObject({ target: 'shop', outcome: 'blocked', exit: 3 });
    // Each target's line names its run, as a single apply's does: `history` and `report show` take it.
    expect(events[1]!.runId).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]+$/);
    expect(events[2]).toMatchObject({ exit: 3, summary: { total: 1, blocked: 1 } });
    expect(received.map((r) => r.path).sort()).toEqual(['/fleet', `/hooks/${TOKEN}?key=${TOKEN}`]);
    expect(received.find((r) => r.path === '/fleet')!.body).toMatchObject({
      event: 'fleet_end',
      targets: [{ target: 'shop', classes: ['blocked'] }],
    });
  });
});
