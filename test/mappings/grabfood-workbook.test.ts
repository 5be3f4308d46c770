import path from 'node:path';
import { describe, expect, it } from 'vitest';
// Our own generator of the fixture, also used here for the workbook with dangling links.
// @ts-expect-error -- a plain .mjs script without types
import { writeWorkbook } from '../../mappings/grabfood-workbook/make-fixture.mjs';
import { testTempDir } from '../helpers/temp-dir.js';
import { extractWith, formatFixture, product } from './helpers.js';

const fixture = formatFixture('grabfood-workbook/menu.xlsx');
const extract = extractWith('grabfood-workbook');
const write = writeWorkbook as (file: string, options?: { dangling?: boolean }) => Promise<void>;

describe('grabfood-workbook on our fixture', () => {
  it('maps the dishes sheet: categories, prices, unavailable dishes hidden', async () => {
    const result = await extract(fixture);
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => c.name)).toEqual(['Rice Bowls', 'Drinks']);
    expect(result.menu.products.map((p) => [p.ext_id, p.name, p.category_ext_id, p.price, p.hidden])).toEqual(
      [
        ['D001', 'Chicken Rice', 'cat-rice-bowls', 5.5, false],
        ['D002', 'Nasi Lemak', 'cat-rice-bowls', 6.2, false],
        ['D003', 'Teh Tarik', 'cat-drinks', 2.3, false],
        ['D004', 'Iced Milo', 'cat-drinks', 2.8, true],
      ],
    );
  });

  it('joins option groups to dishes through Linked Dish and options to groups through Linked Options', async () => {
    const result = await extract(fixture);
    expect(product(result, 'D001').options).toEqual([
      {
        ext_id: 'G01',
        name: 'Rice Portion',
        type: 'single',
        min_selectable: 1,
        max_selectable: 1,
        position: 1,
        option_values: [
          {
            ext_id: 'O01',
            name: 'Regular',
            price_operator: '+',
            price_operand: 0,
            hidden: false,
            position: 1,
          },
          { ext_id: 'O02', name: 'Large', price_operator: '+', price_operand: 1, hidden: false, position: 2 },
        ],
      },
      {
        ext_id: 'G02',
        name: 'Add-ons',
        min_selectable: 0,
        max_selectable: 3,
        position: 2,
        option_values: [
          {
            ext_id: 'O03',
            name: 'Fried Egg',
            price_operator: '+',
            price_operand: 0.8,
            hidden: false,
            position: 1,
          },
          {
            ext_id: 'O04',
            name: 'Extra Sambal',
            price_operator: '+',
            price_operand: 0.5,
            hidden: true,
            position: 2,
          },
        ],
      },
    ]);
    expect(product(result, 'D003').options?.map((o) => o.ext_id)).toEqual(['G03']);
    expect(result.stats).toMatchObject({ products: 4, options: 6, option_values: 12, errors: 0 });
  });

  it('reports each of the four dangling links at its sheet, row and column', async () => {
    const file = path.join(testTempDir('grabfood'), 'dangling.xlsx');
    await write(file, { dangling: true });
    const result = await extract(file);
    expect(
      result.issues.map((i) => [i.severity, i.code, i.location.sheet, i.location.row, i.location.column]),
    ).toEqual(
      expect.arrayContaining([
        ['warning', 'unknown-reference', 'Linked Dish', 8, 'ItemID'], // D999
        ['warning', 'unknown-reference', 'Linked Dish', 9, 'GroupID'], // G09
        ['warning', 'unknown-reference', 'Linked Options', 8, 'OptionID'], // O99
        ['warning', 'unknown-reference', 'Linked Options', 9, 'GroupID'], // G08
      ]),
    );
    expect(result.issues).toHaveLength(4);
    // The good links still hold.
    expect(product(result, 'D003').options?.map((o) => o.ext_id)).toEqual(['G03']);
  });
});
