import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.js';
import { errorsOf, extractWith, warningsOf } from './helpers.js';

// The shipped Shopify mapping on an export whose product types are in Cyrillic, Japanese and
// Greek: the category of each comes from its name, and no two are merged.
describe('shopify-products with product types in other scripts', () => {
  it('keeps one category per type, each with its own ext_id', async () => {
    const types = ['Супы', 'Салаты', 'Десерты', 'ラーメン', 'Ποτά'];
    const csv = [
      'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Status,Published',
      ...types.map((type, i) => `item-${i},Item ${i},${type},Title,Default Title,${i + 2}.50,active,true`),
    ].join('\n');
    const file = path.join(testTempDir('shopify-scripts'), 'products.csv');
    writeFileSync(file, csv);
    const result = await extractWith('shopify-products')(file);
    expect(errorsOf(result)).toEqual([]);
    expect(warningsOf(result)).toEqual([]);
    expect(result.menu.categories.map((c) => c.name)).toEqual(types);
    expect(new Set(result.menu.categories.map((c) => c.ext_id)).size).toBe(types.length);
    expect(result.menu.products.map((p) => p.category_ext_id)).toEqual(
      result.menu.categories.map((c) => c.ext_id),
    );
  });
});
