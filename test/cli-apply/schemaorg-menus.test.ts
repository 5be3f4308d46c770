import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { samplesDir } from '../mappings/helpers.js';
import { startWorld, type CliWorld } from './fixture.js';

// The real schema.org samples applied through the CLI to a real sandbox and read back: what goes
// live is what extract made of them, field by field (issue 29 §1).

const { dir, present } = samplesDir('schemaorg');
const JINBEH = ['appetizers', 'cocktails', 'hibachi', 'menu', 'sashimi', 'sushi-rolls'].map((page) =>
  path.join(dir, `jinbeh/lewisville-${page}.ld.json`),
);
const COOPCYCLE = path.join(dir, 'coopcycle/menu-api-response@03a4df73.filled.json');

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

/** Extracts, then applies the same inputs; returns the extracted menu. */
async function applyAndExtract(inputs: string[], ...more: string[]) {
  const given = [...inputs.flatMap((input) => ['--input', input]), ...more];
  const extracted = await w.run(['extract', '--mapping', 'schemaorg-menu', ...given]);
  expect(extracted.code, extracted.stderr).toBe(0);
  const applied = await w.run([
    'apply',
    '--mapping',
    'schemaorg-menu',
    ...given,
    '--state',
    w.stateDir,
    '--yes',
    '--max-attempts',
    '1',
  ]);
  expect(applied.code, applied.stderr).toBe(0);
  return JSON.parse(extracted.stdout) as { products: { ext_id: string }[] };
}

describe.skipIf(!present)('schema.org samples applied and read back', () => {
  it('Jinbeh (18): six pages in one apply go live as the one menu extract made', async () => {
    const menu = await applyAndExtract(JINBEH);
    const live = w.sandbox.exportMenu(w.clientId);
    expect(live.categories.map((c) => c.name)).toHaveLength(9);
    expect(live.products).toHaveLength(64);
    for (const product of menu.products)
      expect(
        live.products.find((p) => p.ext_id === product.ext_id),
        product.ext_id,
      ).toMatchObject(product);
  });

  it('CoopCycle (19): in minor units, the pizza is live at 9.00 with its toppings', async () => {
    const menu = await applyAndExtract([COOPCYCLE], '--param', 'prices=minor-units');
    const live = w.sandbox.exportMenu(w.clientId);
    expect(live.products.map((p) => [p.name, p.price])).toEqual([
      ['Pizza', 9],
      ['Hamburger', 9],
    ]);
    for (const product of menu.products)
      expect(
        live.products.find((p) => p.ext_id === product.ext_id),
        product.ext_id,
      ).toMatchObject(product);
  });
});
