import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { Mapping } from '../../src/mapping/schema.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { HEADER } from '../mapping/helpers.js';

// A source declared `many: true` takes every input left: the pages of one menu, mapped together
// into one menu (ids checked across pages, positions numbered through).

const MAPPING = `${HEADER}sources:
  pages: { format: json, many: true }
kind: document
document:
  categories:
    select: '$.sections[*]'
    ext_id: '{id}'
    name: { path: name }
  products:
    select: '$.sections[*].items[*]'
    ext_id: '{id}'
    category_ext_id: '{^.id}'
    category_fallback: { ext_id: other, name: Other }
    name: { path: name }
    price: { path: price, transforms: [money] }
`;

function pages(...documents: unknown[]): string[] {
  const dir = testTempDir('many-inputs');
  return documents.map((document, i) => {
    const file = path.join(dir, `page-${i + 1}.json`);
    writeFileSync(file, JSON.stringify(document));
    return file;
  });
}

const section = (id: string, items: { id: string; price?: number }[]) => ({
  id,
  name: id.toUpperCase(),
  items: items.map((item) => ({ name: item.id, ...item })),
});

const run = (files: string[]) => runMapping(parseMappingText(MAPPING, 'pages.yaml'), files, {});

describe('several inputs of one source, one menu', () => {
  it('maps every page in input order, categories and positions numbered through', async () => {
    const files = pages(
      { sections: [section('starters', [{ id: 'soup', price: 5 }])] },
      {
        sections: [
          section('mains', [{ id: 'steak', price: 20 }]),
          section('starters', [{ id: 'salad', price: 6 }]),
        ],
      },
    );
    const result = await run(files);
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.position])).toEqual([
      ['starters', 1],
      ['mains', 2],
    ]);
    // A section both pages hold is one category; its items from both pages follow each other.
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id, p.position])).toEqual([
      ['soup', 'starters', 1],
      ['steak', 'mains', 1],
      ['salad', 'starters', 2],
    ]);
    expect(result.skipped).toEqual([{ reason: 'category an earlier input gave (first kept)', count: 1 }]);
    expect(result.inputs.map((i) => i.file)).toEqual(files);
  });

  it('reports a product an earlier page gave as an error at its own file and path', async () => {
    const files = pages(
      { sections: [section('starters', [{ id: 'soup', price: 5 }])] },
      { sections: [section('mains', [{ id: 'soup', price: 7 }])] },
    );
    const result = await run(files);
    expect(result.menu.products.map((p) => [p.ext_id, p.price])).toEqual([['soup', 5]]);
    expect(result.issues).toEqual([
      {
        code: 'duplicate-ext-id',
        severity: 'error',
        message: 'product ext_id "soup" appears again (given by an earlier input); left out',
        location: { file: files[1], path: '$.sections[0].items[0]' },
      },
    ]);
  });

  it('says which page is not a menu, naming its file', async () => {
    const files = pages(
      { sections: [section('starters', [{ id: 'soup', price: 5 }])] },
      { title: 'About us' },
    );
    const result = await run(files);
    expect(result.issues.map((i) => [i.code, i.severity, i.location.file])).toEqual([
      ['missing-value', 'error', files[1]],
    ]);
  });

  it('refuses at load `many` on a table source, an index source, or a source before the last', () => {
    const base = parseMappingText(MAPPING, 'pages.yaml');
    if (base.kind !== 'document') throw new Error('a document mapping');
    const issuesOf = (mapping: unknown) =>
      (Mapping.safeParse(mapping).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(
      issuesOf({
        ...base,
        sources: { pages: { format: 'json', many: true }, stock: { format: 'json' } },
        document: { ...base.document, indexes: { stock: { source: 'stock', select: '$[*]', key: '{id}' } } },
      }),
    ).toEqual([['sources.pages.many', 'it takes every input left, so it must be the last source']]);
    expect(
      issuesOf({
        ...base,
        sources: { pages: { format: 'json' }, stock: { format: 'json', many: true } },
        document: { ...base.document, indexes: { stock: { source: 'stock', select: '$[*]', key: '{id}' } } },
      }),
    ).toEqual([
      ['sources.stock.many', 'only the source the document mapping reads ("pages") can take several inputs'],
    ]);
    const table = `${HEADER}sources:
  items: { many: true }
kind: table
table:
  source: items
  product: { ext_id: '{Id}', name: { column: Name } }
`;
    expect(() => parseMappingText(table, 'table.yaml')).toThrow(/a table mapping reads one file per source/);
  });
});
