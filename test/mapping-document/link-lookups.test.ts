import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DocumentMapping } from '../../src/mapping/schema.js';
import { runOn } from './run-mapping.js';

// Relations in document mode: an index keyed by every id of a parent's list (a category's
// item_ids), a link table (a key naming several records), and a selection's lookup through hops.

const mapping = (document: string) =>
  DocumentMapping.parse(
    parse(`version: 1
name: inline
title: Inline
description: Link lookups in document mode.
sources: { menu: { format: json } }
kind: document
document:
${document}`),
  );

const MENU = {
  categories: [
    { id: 'c1', name: 'Mains', item_ids: ['d1', 'd2'] },
    { id: 'c2', name: 'Drinks', item_ids: ['d3'] },
  ],
  dishes: [
    { id: 'd1', name: 'Rice', price: 5 },
    { id: 'd2', name: 'Noodles', price: 6 },
    { id: 'd3', name: 'Tea', price: 2 },
  ],
  linked_dish: [
    { item: 'd1', group: 'g1' },
    { item: 'd1', group: 'g2' },
    { item: 'd3', group: 'g2' },
    { item: 'd9', group: 'g1' },
    { item: 'd2', group: 'g7' },
  ],
  groups: [
    { id: 'g1', name: 'Portion' },
    { id: 'g2', name: 'Extras' },
  ],
};

const DOCUMENT = `  indexes:
    category_of: { select: '$.categories[*]', keys: 'item_ids[*]' }
    dish_groups: { select: '$.linked_dish[*]', key: '{item}', multiple: true, unused: link to no dish, report_unused: warning }
    groups: { select: '$.groups[*]', key: '{id}' }
  products:
    select: '$.dishes[*]'
    ext_id: '{id}'
    name: '{name}'
    price: { path: price }
    category_ext_id: { lookup: { index: category_of, key: '{id}' }, path: id }
    options:
      - select: id
        lookup: [{ index: dish_groups, key: '{@}' }, { index: groups, key: '{group}' }]
        ext_id: '{id}'
        name: '{name}'
        values: { select: '$.none[*]', ext_id: '{id}', name: '{name}' }
        min_values: 0
`;

describe('document lookups through id lists and link tables', () => {
  it('finds a product’s category by the id list that names it', () => {
    const parts = runOn(mapping(DOCUMENT), MENU);
    expect(parts.menu.products.map((p) => [p.ext_id, p.category_ext_id])).toEqual([
      ['d1', 'c1'],
      ['d2', 'c1'],
      ['d3', 'c2'],
    ]);
  });

  it('follows every link of a multiple index, hop after hop, and locates the links that lead nowhere', () => {
    const parts = runOn(mapping(DOCUMENT), MENU);
    expect(parts.menu.products.map((p) => [p.ext_id, p.options?.map((o) => o.ext_id) ?? []])).toEqual([
      ['d1', ['g1', 'g2']],
      ['d2', []],
      ['d3', ['g2']],
    ]);
    expect(parts.issues.map((i) => [i.severity, i.code, i.location.path, i.message])).toEqual([
      ['error', 'unknown-reference', '$.linked_dish[4]', 'no record in "groups" has key "g7"'],
      [
        'warning',
        'unknown-reference',
        '$.linked_dish[3]',
        'index "dish_groups": the record with key "d9" is reached by no lookup (link to no dish)',
      ],
    ]);
    expect(parts.skipped).toEqual([{ reason: 'link to no dish', count: 1 }]);
  });

  it('warns when an id list names an item twice, and keeps the first category', () => {
    const menu = {
      ...MENU,
      categories: [...MENU.categories, { id: 'c3', name: 'Specials', item_ids: ['d1'] }],
    };
    const parts = runOn(mapping(DOCUMENT), menu);
    expect(parts.menu.products[0]?.category_ext_id).toBe('c1');
    expect(
      parts.issues.filter((i) => i.code === 'duplicate-ext-id').map((i) => [i.location.path, i.message]),
    ).toEqual([['$.categories[2]', 'index "category_of": key "d1" appears again; the first wins']]);
  });
});

describe('indexes and lookups that do not load', () => {
  const cases: [string, string, RegExp][] = [
    [
      'an index with both key and keys',
      `  indexes: { i: { select: '$.a[*]', key: '{id}', keys: 'ids[*]' } }\n`,
      /exactly one of `key`/,
    ],
    ['an index with neither', `  indexes: { i: { select: '$.a[*]' } }\n`, /exactly one of `key`/],
    ['a bad keys path', `  indexes: { i: { select: '$.a[*]', keys: 'ids[' } }\n`, /./],
    [
      'report_unused of another severity',
      `  indexes: { i: { select: '$.a[*]', key: '{id}', report_unused: info } }\n`,
      /report_unused/,
    ],
  ];
  const products = `  products: { select: '$.p[*]', ext_id: '{id}', name: '{n}', category_fallback: { ext_id: c, name: C } }\n`;
  it.each(cases)('refuses %s', (_name, indexes, message) => {
    expect(() => mapping(indexes + products)).toThrow(message);
  });

  it('refuses a hop naming an index that is not declared, at that hop', () => {
    const body = `  indexes: { i: { select: '$.a[*]', key: '{id}' } }
  products:
    select: '$.p[*]'
    ext_id: '{id}'
    name: '{n}'
    category_fallback: { ext_id: c, name: C }
    options:
      - { select: id, lookup: [{ index: i, key: '{@}' }, { index: nowhere, key: '{g}' }], ext_id: '{id}', values: { select: 'v[*]', ext_id: '{id}', name: '{n}' } }
`;
    // zod's message lists the issue with its path: the second hop of the lookup.
    expect(() => mapping(body)).toThrow(
      /"lookup",\s*1,\s*"index"\s*\],\s*"message": "no index named \\"nowhere\\"/,
    );
  });
});
