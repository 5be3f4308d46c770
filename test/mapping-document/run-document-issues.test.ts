import { describe, expect, it } from 'vitest';
import { DocumentSection } from '../../src/mapping/document/schema.js';
import { MappingError, parseMappingText } from '../../src/mapping/loader.js';
import { counts, mappingOf, runOn } from './run-mapping.js';

const items = {
  list: [
    {
      id: 'a',
      name: 'Tea',
      price: '2.50',
      sizes: [
        { id: 's', name: 'Small', price: 250 },
        { id: 'l', name: 'Large', price: 300 },
      ],
    },
    { id: 'a', name: 'Tea again', price: '2.60' },
    { id: '', name: 'No id', price: '1' },
    { id: 'b', name: '  ', price: '1' },
    { id: 'c', name: 'Cake', price: 'about three', sizes: [{ id: 'one', name: 'Slice', price: 300 }] },
    { id: 'd', name: 'Soup', price: 'variable', groups: [{ id: 'g', name: 'Empty', values: [] }] },
  ],
  images: [{ url: 'x' }, { url: 'y' }],
};

function itemsMapping(onDuplicate: 'error' | 'skip', variable: 'warn' | 'skip' = 'warn') {
  return mappingOf({
    ignore: [{ reason: 'image', select: '$.images[*]' }],
    products: {
      select: '$.list[*]',
      on_duplicate: onDuplicate,
      ext_id: '{id}',
      name: '{name}',
      price: { path: 'price', transforms: [{ money: { variable } }] },
      options: [
        {
          ext_id: 'size',
          name: 'Size',
          min_values: 2,
          values: {
            select: 'sizes[*]',
            ext_id: '{id}',
            name: '{name}',
            price: { path: 'price', transforms: [{ money: { cents: true } }] },
            price_relative: true,
          },
        },
        {
          select: 'groups[*]',
          ext_id: '{id}',
          name: '{name}',
          values: { select: 'values[*]', ext_id: '{id}', name: '{name}' },
        },
      ],
    },
  });
}

describe('problems in the data become issues at their JSON path, never silent drops', () => {
  it('reports duplicate and empty ext_ids, missing names and bad prices (once: no "has no price" after)', () => {
    const result = runOn(itemsMapping('error'), items, {}, 'items.json');
    expect(result.issues.map((i) => [i.code, i.severity, i.location.path])).toEqual([
      ['duplicate-ext-id', 'error', '$.list[1]'],
      ['empty-ext-id', 'error', '$.list[2]'],
      ['missing-value', 'error', '$.list[3]'],
      ['bad-price', 'error', '$.list[4].price'],
      ['unpriced', 'warning', '$.list[4]'], // what became of it: hidden
      ['bad-price', 'warning', '$.list[5].price'],
      ['empty-group', 'warning', '$.list[5].groups[0]'],
      ['unpriced', 'warning', '$.list[5]'],
    ]);
    expect(result.skipped).toEqual([{ reason: 'image', count: 2 }]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'c', 'd']);
  });

  it('counts a repeated ext_id as skipped when the mapping says the first one wins', () => {
    const result = runOn(itemsMapping('skip'), items);
    expect(result.issues.map((i) => i.code)).not.toContain('duplicate-ext-id');
    expect(result.skipped).toContainEqual({ reason: 'product listed again (first kept)', count: 1 });
  });

  it('skips and counts a record whose transform asks for it (money variable: skip)', () => {
    const result = runOn(itemsMapping('error', 'skip'), items);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'c']);
    expect(result.skipped).toContainEqual({ reason: 'variable-price', count: 1 });
  });

  it('builds a variant option only from min_values values, priced relative to the product', () => {
    const { menu } = runOn(itemsMapping('error'), items);
    expect(menu.products[0]?.options?.[0]?.option_values?.map((v) => [v.ext_id, v.price_operand])).toEqual([
      ['s', 0],
      ['l', 0.5],
    ]);
    expect(menu.products[1]).not.toHaveProperty('options');
    expect(counts(runOn(itemsMapping('error'), items))).toMatchObject({
      products: 3,
      options: 1,
      option_values: 2,
    });
  });
});

describe('the document section schema', () => {
  const base = {
    products: {
      select: '$.items[*]',
      ext_id: '{id}',
      name: '{name}',
      category_fallback: { ext_id: 'menu', name: 'Menu' },
    },
  };

  it('accepts a minimal section', () => {
    expect(DocumentSection.safeParse(base).success).toBe(true);
  });

  it.each([
    [
      { ...base, products: { ...base.products, select: '$.items[' } },
      ['products', 'select'],
      'expected *, an index',
    ],
    [{ ...base, products: { ...base.products, ext_id: '{id' } }, ['products', 'ext_id'], 'unclosed "{"'],
    [
      { ...base, products: { ...base.products, lookup: { index: 'nope', key: '{id}' } } },
      ['products', 'lookup', 'index'],
      'no index named "nope"',
    ],
    [{ ...base, products: { ...base.products, colour: 'red' } }, ['products'], 'colour'],
    [
      { products: { select: '$.items[*]', ext_id: '{id}', name: '{name}' } },
      ['products'],
      'no category: every product needs one on the platform; give `category_ext_id`',
    ],
  ])('rejects a bad section with the path of the problem (%#)', (section, path, message) => {
    const parsed = DocumentSection.safeParse(section);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(path);
    expect(parsed.error?.issues.map((i) => i.message).join('\n')).toContain(message);
  });
});

describe('a path typo in a mapping file', () => {
  it('is reported at load with the file and line, before any input is read', () => {
    const text = [
      'version: 1',
      'name: typo',
      'title: Mapping with a typo',
      'description: A document mapping whose product selection is cut short.',
      'sources: { doc: { format: json } }',
      'kind: document',
      'document:',
      '  products:',
      "    select: '$.items['",
      "    ext_id: '{id}'",
      "    name: '{name}'",
    ].join('\n');
    expect(() => parseMappingText(text, 'typo.yaml')).toThrow(MappingError);
    expect(() => parseMappingText(text, 'typo.yaml')).toThrow(
      /typo\.yaml:9: document\.products\.select: "\$\.items\[": expected \*, an index/,
    );
  });
});
