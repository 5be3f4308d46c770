import { describe, expect, it } from 'vitest';
import { runDocumentMapping } from '../../src/mapping/document/run.js';
import { DocumentMapping } from '../../src/mapping/schema.js';
import { compileTransforms } from '../../src/mapping/transforms/index.js';
import type { DocumentSource } from '../../src/extract/types.js';

// An index may read another input than the document (`indexes.<name>.source`), and `in_index`
// tests membership: Lightspeed's item availability is a second response joined to the menu by SKU.

const menu = {
  items: [
    { sku: 'A', name: 'Cola', price: 3 },
    { sku: 'B', name: 'Water', price: 2 },
  ],
};
const availability = {
  data: [
    { sku: 'B', count: 0 },
    { sku: 'A', count: 5 },
    { sku: 'Z', count: 0 },
  ],
};

function mapping(extra: Record<string, unknown> = {}) {
  return {
    version: 1,
    name: 'inline',
    title: 'Inline test mapping',
    description: 'A mapping written inside a test.',
    sources: { menu: { format: 'json' }, stock: { format: 'json', optional: true } },
    kind: 'document',
    document: {
      source: 'menu',
      indexes: {
        sold_out: {
          source: 'stock',
          select: '$.data[?count=0]',
          key: '{sku}',
          unused: 'sold out, not on the menu',
        },
      },
      products: {
        select: '$.items[*]',
        ext_id: '{sku}',
        name: '{name}',
        price: '{price}',
        hidden: { value: true, when: { in_index: { index: 'sold_out', key: '{sku}' } }, else: false },
        category_fallback: { ext_id: 'menu', name: 'Menu' },
      },
      ...extra,
    },
  };
}

function run(sources: Record<string, unknown>) {
  const parsed = DocumentMapping.parse(mapping());
  const opened: Record<string, DocumentSource> = Object.fromEntries(
    Object.entries(sources).map(([name, document]) => [
      name,
      { kind: 'document', file: `${name}.json`, document, issues: [] },
    ]),
  );
  return runDocumentMapping(parsed.document, {
    mapping: parsed,
    params: {},
    sources: opened,
    transforms: { compile: compileTransforms },
  });
}

describe('an index read from another source, and in_index', () => {
  it('hides what the other input lists, and counts its entries no record named', () => {
    const result = run({ menu, stock: availability });
    expect(result.issues).toEqual([]);
    expect(result.menu.products.map((p) => [p.ext_id, p.hidden])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    expect(result.skipped).toEqual([{ reason: 'sold out, not on the menu', count: 1 }]);
  });

  it('reads an optional source given no input as an empty index', () => {
    const result = run({ menu });
    expect(result.issues).toEqual([]);
    expect(result.menu.products.map((p) => p.hidden)).toEqual([false, false]);
  });

  it("locates a problem of the index in the other input's file", () => {
    const result = run({ menu, stock: { data: [...availability.data, { sku: 'B', count: 0 }] } });
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'duplicate-ext-id',
        location: { file: 'stock.json', path: '$.data[3]' },
      }),
    ]);
  });

  it('refuses at load an index source that is not declared, and an in_index naming no index', () => {
    const wrongSource = mapping();
    (wrongSource.document.indexes.sold_out as { source: string }).source = 'nowhere';
    const issues = DocumentMapping.safeParse(wrongSource).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['document.indexes.sold_out.source', '"nowhere" is not a key of sources (menu, stock)'],
      [
        'sources.stock',
        'source "stock" is read by no part of the mapping (document.source is "menu", and no index names it)',
      ],
    ]);
    const wrongIndex = mapping();
    wrongIndex.document.products.hidden.when.in_index.index = 'nothing';
    const problems = DocumentMapping.safeParse(wrongIndex).error?.issues ?? [];
    expect(problems.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'document.products.hidden.when.in_index.index',
        'no index named "nothing" in indexes (known: sold_out)',
      ],
    ]);
  });
});
