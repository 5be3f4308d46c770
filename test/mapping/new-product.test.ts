import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportOption, ImportProduct } from '../../src/model/import-payload.js';
import { newProduct } from '../../src/mapping/table/new-product.js';

/** The product as it was built before: only the fields it has, each added in turn. */
function grown(fields: {
  category?: string | undefined;
  description?: string | undefined;
  price?: number | undefined;
  image?: string | undefined;
  hidden?: boolean | undefined;
}): ImportProduct {
  const product: ImportProduct = { ext_id: 'p-1', name: 'Cake' };
  if (fields.category !== undefined) product.category_ext_id = fields.category;
  if (fields.description !== undefined) product.description = fields.description;
  if (fields.price !== undefined) product.price = fields.price;
  if (fields.image !== undefined) product.image = fields.image;
  if (fields.hidden !== undefined) product.hidden = fields.hidden;
  product.position = 3;
  return product;
}

const OPTION: ImportOption = { ext_id: 'p-1-variant', name: 'Size' };

describe('newProduct', () => {
  it('writes the same JSON as a product grown field by field, before and after the menu sets price, options and hidden', () => {
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          category: maybe(fc.constant('cat-cakes')),
          description: maybe(fc.constant('Sweet')),
          price: maybe(fc.constant(2.5)),
          image: maybe(fc.constant('https://example.test/1.jpg')),
          hidden: maybe(fc.boolean()),
        }),
        maybe(fc.constant(3.75)),
        fc.boolean(),
        fc.boolean(),
        (fields, laterPrice, withOptions, hideLater) => {
          const built = newProduct(
            'p-1',
            'Cake',
            fields.category,
            fields.description,
            fields.price,
            fields.image,
            fields.hidden,
            3,
          );
          const before = grown(fields);
          expect(JSON.stringify(built)).toBe(JSON.stringify(before));
          // What MenuAssembler.menu and the unpriced rule set afterwards, in that order.
          for (const product of [built, before]) {
            if (laterPrice !== undefined && product.price === undefined) product.price = laterPrice;
            if (withOptions) product.options = [OPTION];
            if (hideLater) product.hidden = true;
          }
          expect(JSON.stringify(built)).toBe(JSON.stringify(before));
        },
      ),
    );
  });
});
