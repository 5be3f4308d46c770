import { describe, expect, it } from 'vitest';
import { counts, mappingOf, runOn } from './run-mapping.js';

describe('schema.org menus: a single object where an array is usual', () => {
  // As in the schema.org examples: one section holding one item is written as objects, not arrays.
  const restaurant = {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    hasMenu: {
      '@type': 'Menu',
      hasMenuSection: [
        {
          '@type': 'MenuSection',
          name: 'Soups',
          hasMenuItem: {
            '@type': 'MenuItem',
            name: 'Tomato soup',
            offers: { price: '4.50', priceCurrency: 'USD' },
          },
        },
        {
          '@type': 'MenuSection',
          name: 'Mains',
          hasMenuItem: [
            { '@type': 'MenuItem', name: 'Risotto', offers: { price: '12.00' } },
            { '@type': 'MenuItem', name: 'Lasagna', offers: [{ price: '11,50' }] },
          ],
        },
      ],
    },
  };
  const mapping = mappingOf({
    categories: {
      select: '$.hasMenu[*].hasMenuSection[*]',
      ext_id: 'section-{slug(name)}',
      name: '{name}',
    },
    products: {
      select: '$.hasMenu[*].hasMenuSection[*].hasMenuItem[?@type=MenuItem]',
      ext_id: '{slug(^.name)}-{slug(name)}',
      category_ext_id: 'section-{slug(^.name)}',
      name: '{name}',
      price: { path: 'offers[*].price', transforms: ['money'] },
    },
  });

  it('reads a lone section and a lone item like one-element arrays', () => {
    const result = runOn(mapping, restaurant);
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => c.ext_id)).toEqual(['section-soups', 'section-mains']);
    expect(result.menu.products).toEqual([
      {
        ext_id: 'soups-tomato-soup',
        category_ext_id: 'section-soups',
        name: 'Tomato soup',
        price: 4.5,
        position: 1,
      },
      { ext_id: 'mains-risotto', category_ext_id: 'section-mains', name: 'Risotto', price: 12, position: 1 },
      {
        ext_id: 'mains-lasagna',
        category_ext_id: 'section-mains',
        name: 'Lasagna',
        price: 11.5,
        position: 2,
      },
    ]);
  });

  it('reads a menu whose only section is an object too', () => {
    const single = {
      hasMenu: {
        hasMenuSection: { name: 'Desserts', hasMenuItem: { '@type': 'MenuItem', name: 'Tiramisu' } },
      },
    };
    const result = runOn(mapping, single);
    expect(counts(result)).toMatchObject({ categories: 1, products: 1 });
    expect(result.menu.products[0]?.ext_id).toBe('desserts-tiramisu');
  });
});

describe('relations between records', () => {
  const document = {
    categories: [{ id: 'c1', name: 'Food', refs: [{ id: 'p1' }, { id: 'p9' }, { id: 'p2' }] }],
    products: [
      { id: 'p1', name: 'Burger', cents: 950, groups: ['g1'] },
      { id: 'p2', name: 'Old burger', cents: 800, deleted: true },
      { id: 'p3', name: 'Unlisted', cents: 100 },
    ],
    groups: [{ id: 'g1', name: 'Sides', min: 1, max: 1, values: [{ ref: 'p3', surcharge: { g1: 150 } }] }],
  };
  const mapping = mappingOf({
    indexes: {
      products: { select: '$.products[*]', key: '{id}', unused: 'product no category lists' },
      groups: { select: '$.groups[*]', key: '{id}' },
    },
    categories: { select: '$.categories[*]', ext_id: '{id}', name: '{name}' },
    products: {
      select: '$.categories[*].refs[*]',
      lookup: { index: 'products', key: '{id}' },
      skip: [{ reason: 'deleted', when: { path: 'deleted', in: [true] } }],
      ext_id: '{id}',
      category_ext_id: '{^.^.id}',
      name: '{name}',
      price: { path: 'cents', transforms: [{ money: { cents: true } }] },
      options: [
        {
          select: 'groups[*]',
          lookup: { index: 'groups', key: '{@}' },
          ext_id: '{id}',
          name: '{name}',
          min_selectable: '{min}',
          max_selectable: '{max}',
          values: {
            select: 'values[*]',
            lookup: { index: 'products', key: '{ref}' },
            ext_id: '{id}',
            name: '{name}',
            price: { path: '^.surcharge[{^.^.id}]', transforms: [{ money: { cents: true } }] },
          },
        },
      ],
    },
  });

  it('follows ids through indexes, and reads the referring records with ^', () => {
    const result = runOn(mapping, document, {}, 'menu.json');
    expect(result.menu.products).toEqual([
      {
        ext_id: 'p1',
        category_ext_id: 'c1',
        name: 'Burger',
        price: 9.5,
        position: 1,
        options: [
          {
            ext_id: 'g1',
            name: 'Sides',
            min_selectable: 1,
            max_selectable: 1,
            position: 1,
            option_values: [
              { ext_id: 'p3', name: 'Unlisted', position: 1, price_operator: '+', price_operand: 1.5 },
            ],
          },
        ],
      },
    ]);
  });

  it('reports a dangling reference as an error at its JSON path and counts skips by reason', () => {
    const result = runOn(mapping, document, {}, 'menu.json');
    expect(result.issues).toEqual([
      {
        code: 'unknown-reference',
        severity: 'error',
        message: 'no record in "products" has key "p9"',
        location: { file: 'menu.json', path: '$.categories[0].refs[1]' },
      },
    ]);
    // p2 was reached (then skipped as deleted) and p3 was reached as a value: none is "unused".
    expect(result.skipped).toEqual([{ reason: 'deleted', count: 1 }]);
  });
});
