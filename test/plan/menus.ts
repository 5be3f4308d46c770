import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption } from '../../src/model/import-payload.js';

/** A small café menu; tests derive variants with structuredClone and edit them. */
export function cafeMenu(): CanonicalMenu {
  const size = (): ImportOption => ({
    ext_id: 'SIZE',
    name: 'Size',
    type: 'single',
    option_values: [
      { ext_id: 'S', name: 'Small', price_operator: '+', price_operand: 0 },
      { ext_id: 'L', name: 'Large', price_operator: '+', price_operand: 0.5 },
    ],
  });
  return {
    categories: [
      {
        ext_id: 'C1',
        name: 'Coffee',
        options: [{ ext_id: 'MILK', name: 'Milk', option_values: [{ ext_id: 'OAT', name: 'Oat' }] }],
      },
      { ext_id: 'C2', name: 'Cakes' },
    ],
    products: [
      { ext_id: 'P1', category_ext_id: 'C1', name: 'Latte', price: 4.5, options: [size()] },
      { ext_id: 'P2', category_ext_id: 'C1', name: 'Mocha', price: 4.8, options: [size()] },
      { ext_id: 'P3', category_ext_id: 'C2', name: 'Brownie', price: 3 },
    ],
  };
}

/** n products in one category, P0001..; for guard thresholds. */
export function bigMenu(n: number): CanonicalMenu {
  return {
    categories: [{ ext_id: 'C', name: 'All' }],
    products: Array.from({ length: n }, (_, i) => ({
      ext_id: `P${String(i + 1).padStart(4, '0')}`,
      category_ext_id: 'C',
      name: `Product ${i + 1}`,
      price: 1 + i / 100,
    })),
  };
}

export const clone = <T>(value: T): T => structuredClone(value);
