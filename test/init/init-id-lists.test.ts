import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { testTempDir } from '../helpers/temp-dir.js';

// `init` on JSON no format.yaml recognizes: categories that list their products by id, and counts
// of nested arrays that come from a sample, said as such.

async function starter(document: unknown): Promise<{ input: string; out: string; yaml: string }> {
  const dir = testTempDir('init-id-lists');
  const input = path.join(dir, 'export.json');
  const out = path.join(dir, 'starter.yaml');
  await writeFile(input, JSON.stringify(document));
  const { yaml } = await initMapping({ input, out });
  await writeFile(out, yaml);
  return { input, out, yaml };
}

describe('init on categories that list their products by id', () => {
  it('reads each product’s category from the id list that names it', async () => {
    const { input, out, yaml } = await starter({
      sections: [
        { sectionId: 'sec-hot', title: 'Hot food', product_refs: ['p1', 'p2'] },
        { sectionId: 'sec-drinks', title: 'Drinks', product_refs: ['p3'] },
      ],
      products: [
        { id: 'p1', title: 'Soup', price: 4.5 },
        { id: 'p2', title: 'Stew', price: 7 },
        { id: 'p3', title: 'Juice', price: 2 },
      ],
    });
    expect(yaml).toContain("category_of: { select: '$.sections[*]', keys: 'product_refs[*]' }");
    const result = await extractMenu({ mapping: out, inputs: [input] });
    expect(result.issues).toEqual([]);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['sec-hot', 'Hot food'],
      ['sec-drinks', 'Drinks'],
    ]);
    expect(result.menu.products.map((p) => [p.ext_id, p.category_ext_id])).toEqual([
      ['p1', 'sec-hot'],
      ['p2', 'sec-hot'],
      ['p3', 'sec-drinks'],
    ]);
  });

  it('does not take a list of other ids (tags) for membership', async () => {
    const { yaml } = await starter({
      labels: [{ code: 'veg', name: 'Vegetarian', colours: ['green', 'white'] }],
      products: [{ id: 'p1', name: 'Soup', price: 4.5 }],
    });
    expect(yaml).not.toContain('category_of');
    expect(yaml).toContain('all are Uncategorized');
  });
});

describe('init counts of nested arrays read from a sample', () => {
  it('says "in the first 50 records" where it did not read them all', async () => {
    const products = Array.from({ length: 80 }, (_, i) => ({
      id: `p${i}`,
      name: `Pizza ${i}`,
      price: 9,
      sizePrices: [{ size: 'S' }, { size: 'L' }],
    }));
    const { yaml } = await starter({ products });
    // 80 products hold 160 size prices; only the first 50 products were read for them.
    expect(yaml).toContain('products are the 80 records at $.products[*]');
    expect(yaml).toContain(
      '#   $.products[*].sizePrices[*]: 100 records in the first 50 records of $.products[*] (keys: size)',
    );
    expect(yaml).not.toMatch(/sizePrices\[\*\]: 100 records \(/);
  });
});
