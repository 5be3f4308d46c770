import { describe, expect, it } from 'vitest';
import { parsePath } from '../../src/mapping/document/path-syntax.js';
import { mappingOf, runOn } from './run-mapping.js';

// `@product`, `@category` and `@option` read the ext_id of the entity being built, so an option's
// or value's id can name its owner: the same add-on priced differently on two products never
// shares one id (the platform may hold option ids in the whole environment, not per product).

const menu = {
  sections: [
    {
      id: 'pizza',
      extras: [{ name: 'Olives', price: 1 }],
      items: [
        { id: 'margherita', name: 'Margherita', price: 9, addons: [{ name: 'Burrata', price: 2 }] },
        { id: 'diavola', name: 'Diavola', price: 11, addons: [{ name: 'Burrata', price: 2.5 }] },
      ],
    },
  ],
};

const values = { select: 'addons[*]', ext_id: '{@option}/{slug(name)}', name: '{name}', price: '{price}' };

describe('@product, @category and @option in a document mapping', () => {
  const mapping = mappingOf({
    categories: {
      select: '$.sections[*]',
      ext_id: '{id}',
      name: '{id}',
      options: [
        {
          ext_id: '{@category}-extras',
          name: 'Extras',
          values: { select: 'extras[*]', ext_id: '{@option}/{slug(name)}', name: '{name}' },
        },
      ],
    },
    products: {
      select: '$.sections[*].items[*]',
      ext_id: 'item-{id}',
      category_ext_id: '{^.id}',
      name: '{name}',
      price: '{price}',
      options: [{ ext_id: '{@product}/add-ons', name: 'Add-ons', values }],
    },
  });

  it("names the owner's ext_id in option and value ids", () => {
    const result = runOn(mapping, menu);
    expect(result.issues).toEqual([]);
    const ids = result.menu.products.map((p) => [
      p.options?.[0]?.ext_id,
      p.options?.[0]?.option_values?.map((v) => [v.ext_id, v.price_operand]),
    ]);
    expect(ids).toEqual([
      ['item-margherita/add-ons', [['item-margherita/add-ons/burrata', 2]]],
      ['item-diavola/add-ons', [['item-diavola/add-ons/burrata', 2.5]]],
    ]);
    expect(result.menu.categories[0]?.options?.[0]?.option_values?.[0]?.ext_id).toBe('pizza-extras/olives');
  });

  it('reads nothing outside options: an entity being built is named only while its options are', () => {
    const outside = mappingOf({
      products: {
        select: '$.sections[*].items[*]',
        ext_id: 'item-{id}',
        name: '{name}{@option}',
        description: '{@product}',
        price: '{price}',
      },
    });
    const result = runOn(outside, menu);
    expect(result.menu.products.map((p) => [p.name, p.description])).toEqual([
      ['Margherita', undefined],
      ['Diavola', undefined],
    ]);
  });

  it('parses @product, @category and @option as context, any other @name as a field', () => {
    expect(parsePath('@product')).toMatchObject({ start: 'entity', entity: 'product', steps: [] });
    expect(parsePath('@option')).toMatchObject({ start: 'entity', entity: 'option' });
    expect(parsePath('@category')).toMatchObject({ start: 'entity', entity: 'category' });
    expect(parsePath('@products')).toMatchObject({ steps: [{ kind: 'property', name: '@products' }] });
  });
});
