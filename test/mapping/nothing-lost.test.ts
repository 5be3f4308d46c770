import { describe, expect, it } from 'vitest';
import { HEADER, runInline, withCategory } from './helpers.js';

// Issue 3, "nothing lost, nothing silent": every row either becomes part of the menu, is counted
// as a skip, or yields a located issue.

const mapping = (table: string) => `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
${withCategory(table)}`;

const located = (r: { issues: { code: string; severity: string; location: { row?: number } }[] }) =>
  r.issues.map((i) => [i.code, i.severity, i.location.row]);

describe('rows joining a product when the mapping has no variants', () => {
  it('reports the joining row as a located duplicate-ext-id error naming the first row', async () => {
    const csv = ['Handle,Name,Cat,Size,Price', 'a,A,X,S,1', 'b,B,X,S,2', 'a,A dup,Y,L,5'].join('\n');
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.name, p.price])).toEqual([
      ['a', 'A', 1],
      ['b', 'B', 2],
    ]);
    expect(located(result)).toEqual([['duplicate-ext-id', 'error', 4]]);
    expect(result.issues[0]?.message).toContain('row 4 joins product "a" (first seen at row 2)');
    expect(result.stats.errors).toBe(1);
  });
});

describe('all-empty records', () => {
  it('counts ,,,, rows (Excel writes them at the end) as blank-row skips, with no issue', async () => {
    const csv = ['Handle,Name,Price', 'a,A,1', ',,', 'b,B,2', ',,', ' , ,'].join('\n');
    const result = await runInline(
      mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    expect(result.skipped).toEqual([{ reason: 'blank-row', count: 3 }]);
    expect(result.menu.products.map((p) => p.ext_id)).toEqual(['a', 'b']);
  });
});

describe('skip rules with report: warning', () => {
  const table = (rule: string) =>
    mapping(`  skip:
    - ${rule}
  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
  variants: { value: { name: { column: Size } } }
`);
  const csv = [
    'Handle,Name,Size,Price,Active',
    'a,A,S,1,1',
    'a,,L,2,',
    'b,B,S,3,',
    'b,B,L,4,1',
    'c,C,,5,1',
  ].join('\n');

  it('keeps the count and adds a located warning per skipped row, with the code asked for', async () => {
    const result = await runInline(
      table(
        '{ reason: cut-off-row, when: { column: Active, empty: true }, report: warning, code: malformed-row }',
      ),
      { 'items.csv': csv },
    );
    expect(result.skipped).toEqual([{ reason: 'cut-off-row', count: 2 }]);
    expect(located(result)).toEqual([
      ['malformed-row', 'warning', 3],
      ['malformed-row', 'warning', 4],
    ]);
    expect(result.issues[0]?.message).toBe('row skipped by rule "cut-off-row"');
  });

  it('reports a group-scope skip once, at the product head row (default code missing-value)', async () => {
    const result = await runInline(
      table('{ reason: off, scope: group, when: { column: Active, empty: true }, report: warning }'),
      { 'items.csv': csv },
    );
    expect(result.skipped).toEqual([{ reason: 'off', count: 2 }]);
    expect(located(result)).toEqual([['missing-value', 'warning', 4]]);
  });

  it('says nothing per row without report (the count alone, as before)', async () => {
    const result = await runInline(table('{ reason: cut-off-row, when: { column: Active, empty: true } }'), {
      'items.csv': csv,
    });
    expect(result.skipped).toEqual([{ reason: 'cut-off-row', count: 2 }]);
    expect(result.issues).toEqual([]);
  });

  it('rejects code without report at load', async () => {
    await expect(
      runInline(table('{ reason: x, when: { column: Active, empty: true }, code: malformed-row }'), {
        'items.csv': csv,
      }),
    ).rejects.toThrow(/add report: warning/);
  });
});

describe('an empty price', () => {
  const table = (variants = '') =>
    mapping(`  group: { by: key, key: "{Handle}" }
  product: { ext_id: "{Handle}", name: { column: Name }, price: { column: Price, transforms: [money] } }
${variants}`);

  it('is a located missing-value warning for a product without variants, not a silent unpriced product', async () => {
    const csv = ['Handle,Name,Size,Price', 'a,A,,', 'b,B,,2', 'c,C,,variable', 'd,D,,abc'].join('\n');
    const result = await runInline(table(), { 'items.csv': csv });
    expect(result.menu.products.map((p) => [p.ext_id, p.price])).toEqual([
      ['a', undefined],
      ['b', 2],
      ['c', undefined],
      ['d', undefined],
    ]);
    // One problem per cell: each price issue also says what became of the product (hidden).
    expect(located(result)).toEqual([
      ['bad-price', 'warning', 4],
      ['bad-price', 'error', 5],
      ['missing-value', 'warning', 2],
    ]);
    expect(result.issues[2]?.message).toBe(
      'product.price is empty: product "a" has no price; product "A" (a) has no price: hidden (unpriced: hide)',
    );
    expect(result.menu.products.map((p) => p.hidden === true)).toEqual([true, false, true, true]);
  });

  it('says nothing when the variants price the product (rows: children)', async () => {
    const csv = ['Handle,Name,Size,Price', 'a,A,,', 'a,,S,1', 'a,,L,2'].join('\n');
    const result = await runInline(
      table(`  variants: { rows: children, value: { name: { column: Size }, price: { column: Price, transforms: [money] } } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    expect(result.menu.products[0]?.price).toBe(1);
  });
});

describe('category names that derive one ext_id', () => {
  it('warns once per other name reaching an ext_id, at its first row, and merges the products', async () => {
    const csv = ['Code,Name,Category', 'a,A,Café', 'b,B,Cafe', 'c,C,CAFE', 'd,D,Cafe', 'e,E,Tea'].join('\n');
    const result = await runInline(
      mapping(`  category: { name: { column: Category } }
  product: { ext_id: "{Code}", name: { column: Name }, price: { value: 1 } }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['cat-cafe', 'Café'],
      ['cat-tea', 'Tea'],
    ]);
    expect(located(result)).toEqual([
      ['duplicate-ext-id', 'warning', 3],
      ['duplicate-ext-id', 'warning', 4],
    ]);
    expect(result.issues[0]?.message).toBe(
      'category "Cafe" gets ext_id "cat-cafe", already derived from "Café": merged into "Café"',
    );
  });
  it('makes two different names reaching one ext_id an error, located at the second name', async () => {
    const csv = [
      'Code,Name,Category,Dept,Price',
      'a,A,Soups,D1,1',
      'b,B,Salads,D1,2',
      'c,C,Salads,D1,3',
    ].join('\n');
    const result = await runInline(
      mapping(`  category: { name: { column: Category }, ext_id: 'dept-{Dept}' }
  product: { ext_id: "{Code}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(located(result)).toEqual([['duplicate-ext-id', 'error', 3]]);
    expect(result.issues[0]?.message).toBe(
      'category "Salads" gets ext_id "dept-D1", already derived from "Soups": two different categories would be merged; give category.ext_id a template that tells them apart',
    );
    expect(result.stats.errors).toBe(1);
  });

  it('keeps names in other scripts apart: each gets its own category', async () => {
    const names = ['Супы', 'Салаты', 'Десерты', 'ラーメン', 'Ποτά', '국수', 'حلويات', 'מרקים', 'ของหวาน'];
    const csv = ['Code,Name,Category,Price', ...names.map((n, i) => `p${i},P${i},${n},${i + 1}`)].join('\n');
    const result = await runInline(
      mapping(`  category: { name: { column: Category } }
  product: { ext_id: "{Code}", name: { column: Name }, price: { column: Price, transforms: [money] } }
`),
      { 'items.csv': csv },
    );
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => c.name)).toEqual(names);
    expect(new Set(result.menu.categories.map((c) => c.ext_id)).size).toBe(names.length);
    expect(result.menu.categories[0]?.ext_id).toMatch(/^cat-supy-[0-9a-f]{8}$/);
  });
});

describe('a product with exactly one child row (issue 24)', () => {
  it('notes the child row that priced its product instead of absorbing it silently', async () => {
    const csv = [
      'Name,Variation,Price',
      'Tea,,',
      ',Large,3.50',
      'Cake,,',
      ',Slice,2',
      ',Whole,12',
      'Pie,,4',
    ].join('\n');
    const result = await runInline(
      mapping(`  group: { by: continuation, start: "{Name}" }
  product: { ext_id: "{Name}", name: { column: Name }, price: { column: Price, transforms: [money] } }
  variants: { rows: children, value: { name: { column: Variation }, price: { column: Price, transforms: [money] } } }
`),
      { 'items.csv': csv },
    );
    expect(result.menu.products.map((p) => [p.ext_id, p.price, p.options?.length])).toEqual([
      ['Tea', 3.5, undefined],
      ['Cake', 2, 1],
      ['Pie', 4, undefined],
    ]);
    expect(result.notes).toEqual([
      {
        code: 'single-variant',
        message: '1 product has one variant row: it gave the product its price, no option (first at row 3)',
      },
    ]);
  });
});
