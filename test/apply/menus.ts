import type { CanonicalMenu } from '../../src/model/canonical-menu.js';

/** A small café menu with `products` products over three categories, options on both levels. */
export function cafeMenu(products = 20): CanonicalMenu {
  const categories = ['coffee', 'tea', 'bakery'].map((id, i) => ({
    ext_id: `cat-${id}`,
    name: id[0]?.toUpperCase() + id.slice(1),
    position: i + 1,
    ...(id === 'coffee'
      ? {
          options: [
            {
              ext_id: 'milk',
              name: 'Milk',
              type: 'single',
              position: 1,
              option_values: [
                { ext_id: 'milk-oat', name: 'Oat', price_operator: '+', price_operand: 0.4, position: 1 },
                { ext_id: 'milk-soy', name: 'Soy', price_operator: '+', price_operand: 0.3, position: 2 },
              ],
            },
          ],
        }
      : {}),
  }));
  return {
    categories,
    products: Array.from({ length: products }, (_, i) => ({
      ext_id: `p${i + 1}`,
      name: `Product ${i + 1}`,
      category_ext_id: categories[i % 3]?.ext_id,
      price: 2 + i / 10,
      position: Math.floor(i / 3) + 1,
      ...(i % 5 === 0
        ? {
            options: [
              {
                ext_id: 'size',
                name: 'Size',
                type: 'single',
                min_selectable: 1,
                max_selectable: 1,
                option_values: [
                  { ext_id: 'small', name: 'Small', price_operator: '+', price_operand: 0 },
                  { ext_id: 'large', name: 'Large', price_operator: '+', price_operand: 0.7 },
                ],
              },
            ],
          }
        : {}),
    })),
  };
}
