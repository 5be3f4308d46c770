import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initMapping } from '../../src/init/index.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { legacyBytes } from '../helpers/legacy-encode.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { extractWith, formatFixture, product, skippedCounts, warningsOf } from './helpers.js';

// The shipped smaregi-products mapping on our café's product CSV (invented data in Smaregi's
// columns), as UTF-8 with a BOM and the same text written in Shift_JIS by Python's cp932 codec.

const FIXTURE = formatFixture('smaregi-products/products.csv');
const extract = extractWith('smaregi-products');

describe('smaregi-products on the UTF-8 (BOM) product CSV', () => {
  let result: ExtractResult;
  beforeAll(async () => {
    result = await extract(FIXTURE);
  });

  it('maps 8 rows to 6 products in 3 departments, counting option products and tickets', () => {
    expect(result.stats).toMatchObject({ rows: 8, categories: 3, products: 6, options: 0, errors: 0 });
    expect(skippedCounts(result)).toEqual({
      'option product (商品区分 2)': 1,
      'prepaid ticket (商品区分 1)': 1,
    });
    expect(result.inputs[0]).toMatchObject({ encoding: 'utf-8' });
  });

  it('keeps half-width katakana names as written and prices in whole yen', () => {
    expect(result.menu.products.map((p) => [p.ext_id, p.name, p.price, p.category_ext_id])).toEqual([
      ['8000001', 'ﾌﾞﾚﾝﾄﾞｺｰﾋｰ', 380, 'dept-1'],
      ['8000002', 'カフェラテ', 480, 'dept-1'],
      ['8000003', 'ｱｲｽﾃｨｰ', 420, 'dept-1'],
      ['8000004', 'ﾁｰｽﾞｹｰｷ', 450, 'dept-2'],
      ['8000005', '季節のタルト', 520, 'dept-2'],
      ['8000006', 'ホットサンド', 600, 'dept-3'],
    ]);
    expect(product(result, '8000001').description).toBe('深煎りのハウスブレンド');
    expect(product(result, '8000002').description).toBeUndefined();
  });

  it('names departments by id when the file has no 部門名 column', () => {
    expect(result.menu.categories.map((c) => [c.ext_id, c.name, c.position])).toEqual([
      ['dept-1', '部門 1', 1],
      ['dept-2', '部門 2', 2],
      ['dept-3', '部門 3', 3],
    ]);
  });

  it('hides 端末表示 0 and warns at the row of a tax-excluded price', () => {
    expect(result.menu.products.filter((p) => p.hidden).map((p) => p.ext_id)).toEqual(['8000005']);
    expect(warningsOf(result)).toEqual([
      expect.objectContaining({
        code: 'bad-price',
        location: expect.objectContaining({ row: 7, column: '税区分' }) as unknown,
        message: expect.stringContaining('ホットサンド') as unknown,
      }),
    ]);
  });
});

describe('smaregi-products on other shapes of the same export', () => {
  it('reads the Shift_JIS file to the same menu, detected without being told', async () => {
    const dir = testTempDir('smaregi');
    const text = readFileSync(FIXTURE, 'utf8').replace(/^\uFEFF/, '');
    const file = path.join(dir, 'products-sjis.csv');
    writeFileSync(file, legacyBytes(text, 'cp932'));
    const sjis = await extract(file);
    const utf8 = await extract(FIXTURE);
    expect(sjis.inputs[0]?.encoding).toBe('shift_jis');
    // init reads the Shift_JIS headers too, and picks this format.
    expect((await initMapping({ input: file })).recognition?.format.mapping).toBe('smaregi-products');
    expect(sjis.menu).toEqual(utf8.menu);
    expect(sjis.stats.errors).toBe(0);
  });

  it('names departments from a 部門名 column when the download has one', async () => {
    const dir = testTempDir('smaregi');
    const file = path.join(dir, 'with-names.csv');
    writeFileSync(
      file,
      '\uFEFF商品ID,部門ID,部門名,商品コード,商品名,商品単価,端末表示\r\n' +
        '1,10,ドリンク,A1,ｺｰﾗ,300,1\r\n2,20,フード,A2,カレー,900,1\r\n',
    );
    const result = await extract(file);
    expect(result.menu.categories.map((c) => [c.ext_id, c.name])).toEqual([
      ['dept-10', 'ドリンク'],
      ['dept-20', 'フード'],
    ]);
    expect(result.issues).toEqual([]);
  });
});
