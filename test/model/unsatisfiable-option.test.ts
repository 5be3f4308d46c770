import { describe, expect, it } from 'vitest';
import { validateMenu } from '../../src/model/validate-payload.js';
import type { ImportOption } from '../../src/model/import-payload.js';
import { HEADER, runInline } from '../mapping/helpers.js';

// `5 Balls`: a required option asking for 5 choices from 2 values, each chosen once, cannot be
// ordered. max_quantity (how often one value may be chosen) makes it orderable.

const balls = (extra: Partial<ImportOption>, hidden = false): ImportOption => ({
  ext_id: 'balls',
  min_selectable: 5,
  max_selectable: 5,
  option_values: [
    { ext_id: 'veg', name: 'Veg' },
    { ext_id: 'quinoa', name: 'Quinoa', hidden },
  ],
  ...extra,
});
const issuesOf = (option: ImportOption) =>
  validateMenu({ categories: [], products: [{ ext_id: 'five', options: [option] }] });

describe('a required option its values cannot fill', () => {
  it('is a located warning', () => {
    expect(issuesOf(balls({}))).toEqual([
      {
        code: 'unsatisfiable-option',
        severity: 'warning',
        path: 'products[ext_id=five].options[ext_id=balls].min_selectable',
        message:
          'min_selectable 5 cannot be met: 2 visible values, each chosen at most 1 time (max_quantity); the product cannot be ordered',
      },
    ]);
  });

  it('is fine when max_quantity lets a value be chosen often enough, not when hidden values are needed', () => {
    expect(issuesOf(balls({ max_quantity: 5 }))).toEqual([]);
    expect(issuesOf(balls({ max_quantity: 2 }))).toHaveLength(1);
    expect(issuesOf(balls({ max_quantity: 4 }, true))).toHaveLength(1);
  });
});

const MAPPING = `${HEADER}sources: { menu: { format: json } }
kind: document
document:
  source: menu
  categories: { select: '$.categories[*]', ext_id: '{id}', name: '{name}' }
  products:
    select: '$.items[*]'
    ext_id: '{id}'
    category_ext_id: c
    name: '{name}'
    price: { path: price, transforms: [money] }
    options:
      - select: 'groups[*]'
        ext_id: '{id}'
        min_selectable: { path: min }
        values: { select: 'values[*]', ext_id: '{id}', name: '{id}', max_quantity: { path: max } }
`;

describe('max_quantity read per value (document mode)', () => {
  it('gives the option the highest, so `5 Balls` can be ordered', async () => {
    const document = {
      categories: [{ id: 'c', name: 'Menu' }],
      items: [
        {
          id: 'five',
          name: '5 Balls',
          price: 12,
          groups: [
            {
              id: 'balls',
              min: 5,
              values: [
                { id: 'veg', max: 5 },
                { id: 'quinoa', max: 3 },
              ],
            },
          ],
        },
      ],
    };
    const result = await runInline(MAPPING, { 'menu.json': JSON.stringify(document) });
    expect(result.menu.products[0]?.options?.[0]).toMatchObject({ min_selectable: 5, max_quantity: 5 });
    expect(result.issues).toEqual([]);
  });
});
