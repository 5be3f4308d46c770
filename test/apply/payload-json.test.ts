import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payloadJson } from '../../src/apply/4-send/payload-json.js';
import { sendBody } from '../../src/apply/4-send/send-body.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption } from '../../src/model/import-payload.js';
import { plan } from '../../src/plan/index.js';
import { prepareSnapshotMenu } from '../../src/state/snapshot-lines.js';
import { menuArb } from '../plan/arbitraries.js';

/** Products sharing one option object, as extract builds modifier sets. */
function withSharedOptions(menu: CanonicalMenu): CanonicalMenu {
  const shared: ImportOption = Object.freeze({
    ext_id: 'set-milk',
    option_values: [{ ext_id: 'oat', price_operand: 0.5 }],
  });
  return { ...menu, products: menu.products.map((p) => ({ ...p, options: [shared, ...(p.options ?? [])] })) };
}

describe('payloadJson', () => {
  it('gives JSON.stringify(payload) for a replace and a merge, with lines only for the whole menu', () => {
    const menus = fc.oneof(menuArb, menuArb.map(withSharedOptions));
    fc.assert(
      fc.property(menus, menus, (baseline, desired) => {
        for (const mode of ['replace', 'merge'] as const) {
          const { payload } = plan(desired, baseline, { posUid: 'main', allowEmpty: true, mode });
          if (!payload) continue;
          const { text, lines } = payloadJson(payload, desired);
          expect(text).toBe(JSON.stringify(payload));
          expect(lines !== undefined).toBe(payload.products === desired.products);
          if (lines) expect(`[${lines.products.join(',')}]`).toBe(JSON.stringify(desired.products));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("hashes a replace's menu from the body's bytes as from its lines", () => {
    const menus = fc.oneof(menuArb, menuArb.map(withSharedOptions));
    const posUids = fc.oneof(fc.constant('main'), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(menus, posUids, (desired, posUid) => {
        const { payload } = plan(desired, null, { posUid, allowEmpty: true, mode: 'replace' });
        if (!payload) return;
        const body = sendBody(payload, desired, Number.MAX_SAFE_INTEGER);
        expect(body.lines?.bytes).toBeDefined();
        const fromBytes = prepareSnapshotMenu(desired, body.lines).hash;
        expect(fromBytes).toBe(prepareSnapshotMenu(desired).hash);
      }),
      { numRuns: 200 },
    );
  });
});
