import { beforeAll, describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { product, sampleFile } from './helpers.js';

// The shipped sumup-items mapping on the real German craft-shop export in ../shared/pos-samples
// (never copied into the repository). Counts and entities worked out by hand from the file.

const { file: SAMPLE, present } = sampleFile('sumup/de-craftshop-items-export.csv');

describe.skipIf(!present)('sumup-items on the real German craft-shop export', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extractMenu({ mapping: 'sumup-items', inputs: [SAMPLE] });
  });

  it('maps 877 rows to 482 items, 46 variation options and 395 values, warning only of the 6 sold by the metre', () => {
    // Ribbons priced per metre (Unit length.metre) would sell per item: each is a located warning.
    expect(result.issues.map((i) => [i.code, i.location.row, i.location.column])).toEqual(
      [166, 820, 821, 822, 823, 824].map((row) => ['per-unit-price', row, 'Unit']),
    );
    expect(result.skipped).toEqual([]);
    expect(result.stats).toMatchObject({
      rows: 877,
      categories: 31,
      products: 482,
      options: 46,
      option_values: 395,
      warnings: 6,
      errors: 0,
    });
  });

  it('maps a simple item with German text', () => {
    expect(product(result, '36b1c66e-84bc-4d0f-9194-e613c322a4c3')).toMatchObject({
      name: '2001 Mäppchen klein, dunkel (S.F.)',
      description: 'Der schönste Weg führt zum Meer',
      category_ext_id: 'cat-simone-friedhoff',
      price: 6.9,
      hidden: false,
    });
  });

  it('prices variations from the cheapest, with SumUp variant ids as ext_ids', () => {
    const dragon = product(result, '0aff2003-b568-49ab-9bbf-c23bc816e1a5');
    expect(dragon).toMatchObject({ name: '3D-Druck Drache', price: 15, category_ext_id: 'cat-3d-druck' });
    expect(dragon.options?.[0]?.option_values).toEqual([
      {
        ext_id: 'a22078c3-b221-4b00-823c-adc0bfda1843',
        name: 'einfach',
        price_operator: '+',
        price_operand: 0,
        hidden: false,
        position: 1,
      },
      {
        ext_id: 'a372260e-2a24-4c1b-89d1-6264732218f5',
        name: 'Water-Dragon',
        price_operator: '+',
        price_operand: 2,
        hidden: false,
        position: 2,
      },
      {
        ext_id: '4608fe1b-41b3-452b-a1ad-caeaffa84dc8',
        name: 'Bone-Dragon',
        price_operator: '+',
        price_operand: 4,
        hidden: false,
        position: 3,
      },
    ]);
  });

  it("names options from the variation rows' Option set 1 (46 options: 19 named, 27 without a set)", () => {
    const names = result.menu.products.flatMap((p) => p.options ?? []).map((o) => o.name);
    const count = (name: string) => names.filter((n) => n === name).length;
    expect([count('Farbe'), count('Farben'), count('Größe'), count('Variante')]).toEqual([17, 1, 1, 27]);
    expect(product(result, '7119ee71-f474-48fb-b5e5-f608fc4a27b3').options?.[0]?.name).toBe('Farbe');
  });

  it('names the unnamed default variation "Standard"', () => {
    const mug = product(result, 'd8f84083-1fde-412f-838e-754d686b9fc5');
    expect(mug).toMatchObject({ name: 'Bierkrug matt', price: 5.95 });
    expect(mug.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Standard', 0],
      ['plus Sublimation', 12],
    ]);
  });

  it('hides the 2 items not displayed in the online store', () => {
    expect(result.menu.products.filter((p) => p.hidden === true).map((p) => p.name)).toEqual([
      'craftcut® Vinylfolie glänzend',
      'POLI-FLEX® PEARL GLITTER Flexfolie',
    ]);
    const vinyl = product(result, '7119ee71-f474-48fb-b5e5-f608fc4a27b3');
    expect(vinyl).toMatchObject({ price: 0.79, category_ext_id: 'cat-vinylfolien-uni' });
    expect(vinyl.options?.[0]?.option_values).toHaveLength(33);
  });
});
