import { describe, expect, it } from 'vitest';
import { optionIdentityConflicts } from '../../src/model/option-identity.js';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption } from '../../src/model/import-payload.js';
import { HEADER, runInline } from '../mapping/helpers.js';

// Identity rule 4: option and value ext_ids may be unique in the whole environment. One ext_id
// with two contents under two parents is a located error; the same content may share one id.

const balls = (price: number): ImportOption => ({
  ext_id: 'balls',
  name: 'Balls',
  min_selectable: 1,
  option_values: [
    { ext_id: 'crab', name: 'Crab', price_operand: price },
    { ext_id: 'beef', name: 'Beef', price_operand: 0 },
  ],
});

const menu = (...options: ImportOption[][]): CanonicalMenu => ({
  categories: [{ ext_id: 'c' }],
  products: options.map((o, i) => ({ ext_id: `p${i + 1}`, category_ext_id: 'c', options: o })),
});

describe('optionIdentityConflicts', () => {
  it('lets two parents share an option whose content is the same, even at another position', () => {
    expect(optionIdentityConflicts(menu([balls(3)], [{ ...balls(3), position: 2 }]))).toEqual([]);
  });

  it('names a value whose price differs under the second parent, located there', () => {
    expect(optionIdentityConflicts(menu([balls(3)], [balls(4)]))).toEqual([
      {
        kind: 'option value',
        extId: 'crab',
        firstPath: 'products[ext_id=p1].options[ext_id=balls].option_values[ext_id=crab]',
        path: 'products[ext_id=p2].options[ext_id=balls].option_values[ext_id=crab]',
        differences: ['price_operand 3 ≠ 4'],
      },
    ]);
  });

  it('names an option whose values or fields differ, and a value reused by another option', () => {
    const sizes = (ids: string[], max?: number): ImportOption => ({
      ext_id: 'size',
      ...(max !== undefined ? { max_selectable: max } : {}),
      option_values: ids.map((id) => ({ ext_id: id, name: id })),
    });
    const conflicts = optionIdentityConflicts({
      categories: [{ ext_id: 'c', options: [sizes(['s', 'm'])] }],
      products: [
        { ext_id: 'p1', options: [sizes(['l', 'xl'], 1)] },
        { ext_id: 'p2', options: [{ ext_id: 'extra', option_values: [{ ext_id: 's', name: 'Small' }] }] },
      ],
    });
    expect(conflicts.map((c) => [c.kind, c.extId, c.path, c.differences])).toEqual([
      [
        'option',
        'size',
        'products[ext_id=p1].options[ext_id=size]',
        ['max_selectable (none) ≠ 1', 'values [s, m] ≠ [l, xl]'],
      ],
      [
        'option value',
        's',
        'products[ext_id=p2].options[ext_id=extra].option_values[ext_id=s]',
        ['name "s" ≠ "Small"'],
      ],
    ]);
    expect(conflicts[0]?.firstPath).toBe('categories[ext_id=c].options[ext_id=size]');
  });

  it('looks at a shared option once and names where each first entity was first met', () => {
    const shared = balls(3);
    const other = balls(4);
    const conflicts = optionIdentityConflicts({
      categories: [{ ext_id: 'c' }],
      products: [
        { ext_id: 'p1', options: [{ ...balls(3), option_values: [] }] },
        { ext_id: 'p2', options: [shared] },
        { ext_id: 'p3', options: [shared, other] },
        { ext_id: 'p4', options: [other, { ...balls(3), position: 2 }] },
      ],
    });
    const p = (id: string) => `products[ext_id=${id}].options[ext_id=balls]`;
    expect(conflicts).toEqual([
      {
        kind: 'option',
        extId: 'balls',
        firstPath: p('p1'),
        path: p('p2'),
        differences: ['values [] ≠ [crab, beef]'],
      },
      {
        kind: 'option',
        extId: 'balls',
        firstPath: p('p1'),
        path: p('p3'),
        differences: ['values [] ≠ [crab, beef]'],
      },
      {
        kind: 'option value',
        extId: 'crab',
        firstPath: `${p('p2')}.option_values[ext_id=crab]`,
        path: `${p('p3')}.option_values[ext_id=crab]`,
        differences: ['price_operand 3 ≠ 4'],
      },
      {
        kind: 'option',
        extId: 'balls',
        firstPath: p('p1'),
        path: p('p4'),
        differences: ['values [] ≠ [crab, beef]'],
      },
    ]);
  });

  it('finds nothing when the ids are scoped by parent', () => {
    const scoped = (p: string, price: number): ImportOption => ({
      ...balls(price),
      ext_id: `${p}-balls`,
      option_values: (balls(price).option_values ?? []).map((v) => ({ ...v, ext_id: `${p}-${v.ext_id}` })),
    });
    expect(optionIdentityConflicts(menu([scoped('p1', 3)], [scoped('p2', 4)]))).toEqual([]);
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
    category_ext_id: '{category}'
    name: '{name}'
    price: { path: price, transforms: [money] }
    options:
      - select: 'groups[*]'
        ext_id: '{id}'
        name: '{name}'
        values: { select: 'values[*]', ext_id: '{id}', name: '{name}', price: { path: price, transforms: [money] } }
`;

const group = (price: number) => ({
  id: 'balls',
  name: 'Balls',
  values: [{ id: 'crab', name: 'Crab', price }],
});

describe('a mapping run (validate, plan)', () => {
  it('is an option-identity error located at the second parent, in the input file', async () => {
    const document = {
      categories: [{ id: 'c', name: 'Menu' }],
      items: [
        { id: 'trio', category: 'c', name: 'Trio', price: 9, groups: [group(3)] },
        { id: 'five', category: 'c', name: 'Five', price: 12, groups: [group(4)] },
      ],
    };
    const result = await runInline(MAPPING, { 'menu.json': JSON.stringify(document) });
    const found = result.issues.filter((i) => i.code === 'option-identity');
    expect(found.map((i) => [i.severity, i.location.path])).toEqual([
      ['error', 'products[ext_id=five].options[ext_id=balls].option_values[ext_id=crab]'],
    ]);
    expect(found[0]?.location.file).toMatch(/menu\.json$/);
    expect(found[0]?.message).toContain(
      'option value ext_id "crab" is also at products[ext_id=trio].options[ext_id=balls].option_values[ext_id=crab] with other content (price_operand 3 ≠ 4)',
    );
    expect(result.stats.errors).toBe(1);
  });
});
