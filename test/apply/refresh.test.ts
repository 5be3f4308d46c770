import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { cafeMenu } from './menus.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('applyRun refreshes the live menu before planning', () => {
  it('sets back a menu changed behind its back, and the plan says what it saw', async () => {
    expect((await h.apply(cafeMenu())).outcome).toBe('applied');
    h.sandbox.tamper(h.clientId, { removeProducts: 1, addHandmadeCategory: 'Specials' });
    const outcome = await h.apply(cafeMenu());
    expect(outcome.plan.mode).toBe('replace');
    expect(outcome.plan.drift?.map((d) => [d.action, d.kind, d.name])).toEqual([
      ['update', 'category', 'Tea'],
      ['add', 'category', 'Specials'],
    ]);
    expect(outcome.plan.live).toMatchObject({ categories: 4, products: 19, handmade: 1 });
    expect(outcome.verification?.status).toBe('verified');
    expect(h.sandbox.storedMenu(h.clientId).categories.map((c) => c.ext_id)).toEqual([
      'cat-coffee',
      'cat-tea',
      'cat-bakery',
    ]);
  });

  it('plans against the snapshot alone with refresh: false, and the plan says it is offline', async () => {
    await h.apply(cafeMenu());
    h.sandbox.tamper(h.clientId, { removeProducts: 1 });
    const outcome = await h.apply(cafeMenu(), { refresh: false, verify: false });
    expect(outcome.plan).toMatchObject({
      mode: 'none',
      drift: [],
      live: null,
      offline: 'apply without a refresh',
    });
    expect(h.sandbox.storedMenu(h.clientId).products).toHaveLength(19);
  });
});
