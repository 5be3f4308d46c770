import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessColumns } from '../../src/init/guess-columns.js';
import { initMapping } from '../../src/init/index.js';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import { legacyBytes } from '../helpers/legacy-encode.js';

// Issue 28: `init` on exports in the code pages of their markets, written by Python's codecs.

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'menusync-init-markets-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function starterFor(name: string, text: string, codec: string) {
  const input = path.join(tmp, name);
  await writeFile(input, legacyBytes(text, codec));
  const out = path.join(tmp, `${name}.yaml`);
  const result = await initMapping({ input, out });
  await writeFile(out, result.yaml);
  return { result, extracted: await extractMenu({ mapping: out, inputs: [input] }) };
}

describe('init on exports in legacy encodings', () => {
  it('a Windows-1251 r_keeper-style export: encoding set, Russian columns read, and said', async () => {
    const { result, extracted } = await starterFor(
      'rkeeper.csv',
      'Код группы;Артикул;Наименование;Цена;Категория\n10;1001;Борщ украинский;350;Супы\n10;1002;Солянка;390;Супы\n20;2001;Салат Цезарь;420;Салаты\n',
      'cp1251',
    );
    expect(result.yaml).toContain('encoding: windows-1251');
    expect(result.yaml).toContain('ext_id: { column: "Артикул" }');
    expect(result.yaml).toContain('name: { column: "Наименование" }');
    expect(result.yaml).toContain('price: { column: "Цена", transforms: [money] }');
    expect(result.yaml).toContain('category: { name: { column: "Категория" } }');
    expect(result.warnings[0]).toMatch(
      /is not UTF-8: read as windows-1251 .*the starter sets encoding: windows-1251/,
    );
    expect(extracted.issues).toEqual([]);
    expect(extracted.menu.products.map((p) => [p.ext_id, p.name, p.price])).toEqual([
      ['1001', 'Борщ украинский', 350],
      ['1002', 'Солянка', 390],
      ['2001', 'Салат Цезарь', 420],
    ]);
  });

  it('a Shift_JIS Airレジ-style export: a repeating department id is not the product id', async () => {
    const { result, extracted } = await starterFor(
      'airregi.csv',
      '部門ID,商品ID,商品名,単価,カテゴリ\n1,A01,醤油ラーメン,850,麺類\n1,A02,味噌ラーメン,900,麺類\n2,B01,生ビール,550,ドリンク\n',
      'cp932',
    );
    expect(result.yaml).toContain('encoding: shift_jis');
    expect(result.yaml).toContain('ext_id: { column: "商品ID" }');
    expect(result.yaml).toContain('name: { column: "商品名" }');
    expect(result.yaml).toContain('price: { column: "単価", transforms: [money] }');
    expect(extracted.issues).toEqual([]);
    expect(extracted.menu.products.map((p) => p.name)).toEqual(['醤油ラーメン', '味噌ラーメン', '生ビール']);
    expect(extracted.menu.categories.map((c) => c.name)).toEqual(['麺類', 'ドリンク']);
  });
});

describe('column guesses in the languages of these markets', () => {
  it.each([
    [['商品名', '価格', '部門'], '商品名', '価格', '部門'],
    [['名称', '价格', '分类'], '名称', '价格', '分类'],
    [['상품명', '가격', '분류'], '상품명', '가격', '분류'],
    [['Ονομασία', 'Τιμή', 'Κατηγορία'], 'Ονομασία', 'Τιμή', 'Κατηγορία'],
    [['Ürün', 'Fiyat', 'Kategori'], 'Ürün', 'Fiyat', 'Kategori'],
    [['Nazwa', 'Cena', 'Kategoria'], 'Nazwa', 'Cena', 'Kategoria'],
    [['Наименование', 'Цена', 'Категория'], 'Наименование', 'Цена', 'Категория'],
  ])('%j', (headers, name, price, category) => {
    expect(guessColumns(headers)).toMatchObject({ name, price, category });
  });

  it('an id column whose values repeat is never the product id', () => {
    const samples = [
      ['7', 'Borscht'],
      ['7', 'Solyanka'],
    ];
    expect(guessColumns(['ID', 'Name'], samples).extId).toBeUndefined();
    expect(
      guessColumns(
        ['ID', 'Name'],
        [
          ['7', 'Borscht'],
          ['8', 'Solyanka'],
        ],
      ).extId,
    ).toBe('ID');
  });
});
