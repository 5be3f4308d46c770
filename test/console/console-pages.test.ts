import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { APPROVE_TOKEN, hiddenField, postForm, startConsoleWorld, startReceiver } from './console-world.js';

describe('menusync serve: the fleet, a target and a blocked run', () => {
  it('lists targets blocked first, shows a blocked run with its guard, and applies it when approved', async () => {
    const hook = await startReceiver();
    const shop = {
      name: 'shop',
      client: 1,
      tags: ['north'],
      notify: hook.url,
      notifyOn: ['blocked', 'applied'],
    };
    const cafe = { name: 'cafe', client: 2, tags: ['south'] };
    const w = await startConsoleWorld(testTempDir('console'), [cafe, shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    await w.writeExport(shop, 4);
    const blocked = await w.run(['apply', '--target', 'shop', '--yes']);
    expect(blocked.code, blocked.stderr).toBe(3);
    expect(hook.bodies.map((body) => body.outcome)).toEqual(['applied', 'blocked']);
    const c = await w.serve();
    const fleet = await w.get(c.url);
    expect(fleet.status).toBe(200);
    expect(fleet.text.indexOf('>shop<')).toBeLessThan(fleet.text.indexOf('>cafe<'));
    expect(fleet.text).toContain('blocked');
    const target = await w.get(`${c.url}t/shop`);
    expect(target.status).toBe(200);
    const runId = /\/t\/shop\/runs\/([^"]+)"/.exec(target.text)![1]!;
    const run = await w.get(`${c.url}t/shop/runs/${runId}`, APPROVE_TOKEN);
    expect(run.text).toContain('delete-limit');
    const csrf = hiddenField(run.text, 'csrf');
    const decided = await postForm(
      `${c.url}t/shop/runs/${runId}/decision`,
      { csrf, decision: 'approve' },
      { token: APPROVE_TOKEN },
    );
    expect(decided.text).toMatch(/approved by alice/);
    expect(decided.status, decided.text).toBe(200);
    expect(w.platformProducts(1)).toBe(4);
    // Applied by the console itself (no workers): the target's webhook hears it as from a worker.
    expect(hook.bodies).toHaveLength(3);
    expect(hook.bodies[2]).toMatchObject({
      outcome: 'applied',
      exit: 0,
      decision: { blockedRun: runId, state: 'applied', line: expect.stringMatching(/approved by alice/) },
    });
    const history = await w.run(['history', '--target', 'shop']);
    expect(history.stdout).toMatch(/approved by alice at .*applied in run/);
  }, 60_000);
});
