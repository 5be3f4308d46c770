import { describe, expect, it } from 'vitest';
import { parseMappingText } from '../../src/mapping/loader.js';
import { HEADER, runInline } from './helpers.js';

// The platform's categories are flat: a category no product is in (a parent group of a POS tree)
// would go live empty. It is left out and counted, unless the mapping keeps it; one whose products
// are all hidden is hidden too (the products stay, hidden, and need their category).

const mapping = (extra = '') => `${HEADER}unpriced: hide
${extra}sources: { menu: { format: json } }
kind: document
document:
  categories: { select: '$.groups[*]', ext_id: '{id}', name: '{name}' }
  products:
    select: '$.products[*]'
    ext_id: '{id}'
    name: '{name}'
    price: { path: price }
    category_ext_id: '{group}'
    hidden: { path: hidden }
`;

const MENU = JSON.stringify({
  groups: [
    { id: 'kitchen', name: 'Kitchen' }, // a parent: only groups below it
    { id: 'drinks', name: 'Drinks', parent: 'kitchen' },
    { id: 'soups', name: 'Soups', parent: 'kitchen' },
    { id: 'bakery', name: 'Bakery' },
  ],
  products: [
    { id: 'tea', name: 'Tea', price: 2, group: 'drinks', hidden: false },
    { id: 'soup', name: 'Secret soup', price: 4, group: 'soups', hidden: true },
    { id: 'scone', name: 'Scone', price: 2, group: 'bakery', hidden: false },
  ],
});

describe('empty_categories', () => {
  it('leaves out a category with no product, counts it, renumbers, and hides one with only hidden products', async () => {
    const result = await runInline(mapping(), { 'menu.json': MENU });
    expect(result.menu.categories).toEqual([
      { ext_id: 'drinks', name: 'Drinks', position: 1 },
      { ext_id: 'soups', name: 'Soups', position: 2, hidden: true },
      { ext_id: 'bakery', name: 'Bakery', position: 3 },
    ]);
    expect(result.skipped).toEqual([
      { reason: 'category with no product (empty_categories: keep keeps it)', count: 1 },
    ]);
    expect(result.notes.map((n) => [n.code, n.message])).toEqual([
      ['empty-category', '1 category whose products are all hidden is hidden too'],
    ]);
    expect(result.stats.categories).toBe(3);
    expect(result.stats.errors).toBe(0);
  });

  it('keeps every category as mapped with empty_categories: keep', async () => {
    const result = await runInline(mapping('empty_categories: keep\n'), { 'menu.json': MENU });
    expect(result.menu.categories.map((c) => [c.name, c.position, c.hidden])).toEqual([
      ['Kitchen', 1, undefined],
      ['Drinks', 2, undefined],
      ['Soups', 3, undefined],
      ['Bakery', 4, undefined],
    ]);
    expect(result.skipped).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  it('refuses another value', () => {
    expect(() => parseMappingText(mapping('empty_categories: hide\n'), 'inline.yaml')).toThrow(
      /empty_categories/,
    );
  });
});
