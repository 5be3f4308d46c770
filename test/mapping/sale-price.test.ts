import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import { readSaleDate, saleWindow } from '../../src/mapping/sale-window.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { HEADER, runInline } from './helpers.js';

// The price a customer pays on the run's date: a sale price with empty schedule dates runs until
// ended; a dated sale applies inside its dates. Each sale price is named in a note.

const MAPPING = `${HEADER}sources: { items: { format: csv } }
kind: table
table:
  source: items
  group: { by: parent, parent: '{Parent}', keys: ['{SKU}'] }
  product:
    ext_id: '{SKU}'
    name: { column: Name }
    price: { column: Regular price, transforms: [money] }
    sale: { price: { column: Sale price, transforms: [money] }, starts: { column: Starts }, ends: { column: Ends } }
  variants:
    rows: children
    value:
      name: { column: Size }
      price: { column: Regular price, transforms: [money] }
      sale: { price: { column: Sale price, transforms: [money] }, starts: { column: Starts }, ends: { column: Ends } }
  category: { name: { value: Menu } }
`;

const CSV = [
  'SKU,Parent,Name,Size,Regular price,Sale price,Starts,Ends',
  'beanie,,Beanie,,20,18,,',
  'cap,,Cap,,18,16,2026-12-01 00:00:00,2026-12-31 00:00:00',
  'belt,,Belt,,65,55,2026-01-01,2026-06-30',
  'scarf,,Scarf,,15,,,',
  'tee,,T-Shirt,,,,,',
  'tee-s,tee,,S,25,20,2026-11-01,2026-11-30',
  'tee-m,tee,,M,25,,,',
].join('\n');

/** The CSV in a temp file, mapped as on the run date given (the clock is passed in). */
async function mapAt(csv: string, iso: string) {
  const file = path.join(testTempDir('sale'), 'items.csv');
  writeFileSync(file, csv);
  return runMapping(parseMappingText(MAPPING, 'inline.yaml'), [file], {}, { now: new Date(iso) });
}

describe('sale prices in table mode', () => {
  it('applies a sale with no dates, and a dated one on a run date inside it; names each in a note', async () => {
    const nov = await mapAt(CSV, '2026-11-25T12:00:00Z');
    expect(nov.issues).toEqual([]);
    const price = (id: string) => nov.menu.products.find((p) => p.ext_id === id)?.price;
    expect([price('beanie'), price('cap'), price('belt'), price('scarf'), price('tee')]).toEqual([
      18, 18, 65, 15, 20,
    ]);
    // The variant option is priced from the cheapest variant (20 on sale): M costs 5 more.
    expect(nov.menu.products[4]?.options?.[0]?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['S', 0],
      ['M', 5],
    ]);
    expect(nov.notes.map((n) => [n.code, n.location?.row, n.message])).toEqual([
      ['sale-price', 2, 'product "Beanie" sells at 18.00 from a sale with no end date (regular price 20.00)'],
      [
        'sale-price',
        3,
        'product "Cap": sale price 16.00 not applied (the sale starts 2026-12-01); regular price 18.00',
      ],
      [
        'sale-price',
        4,
        'product "Belt": sale price 55.00 not applied (the sale ended 2026-06-30); regular price 65.00',
      ],
      [
        'sale-price',
        7,
        'variant "S" of "T-Shirt" sells at 20.00 from a sale until 2026-11-30 (regular price 25.00)',
      ],
    ]);

    const dec = await mapAt(CSV, '2026-12-31T23:00:00Z');
    expect(dec.menu.products.find((p) => p.ext_id === 'cap')?.price).toBe(16);
    expect(dec.notes[1]?.message).toBe(
      'product "Cap" sells at 16.00 from a sale until 2026-12-31 (regular price 18.00)',
    );
  });

  it('keeps the regular price and warns, at the row, when a sale date cannot be read', async () => {
    const csv = 'SKU,Parent,Name,Size,Regular price,Sale price,Starts,Ends\ncap,,Cap,,18,16,next week,\n';
    const result = await runInline(MAPPING, { 'items.csv': csv });
    expect(result.menu.products[0]?.price).toBe(18);
    expect(result.issues.map((i) => [i.severity, i.code, i.location.row, i.message])).toEqual([
      [
        'warning',
        'bad-price',
        2,
        'product.sale: "next week" is not a date (YYYY-MM-DD): sale price 16.00 not applied, product "Cap" keeps 18.00',
      ],
    ]);
  });
});

describe('saleWindow', () => {
  const now = new Date('2026-05-31T18:00:00Z');
  it.each([
    ['no dates', undefined, undefined, { running: true }],
    [
      'ends today (date only: the whole day)',
      undefined,
      '2026-05-31',
      { running: true, until: '2026-05-31' },
    ],
    [
      'ends today at midnight (WooCommerce writes 00:00:00)',
      '2026-05-01 00:00:00',
      '2026-05-31 00:00:00',
      { running: true, until: '2026-05-31' },
    ],
    [
      'ended at noon',
      undefined,
      '2026-05-31T12:00:00Z',
      { running: false, reason: 'ended', ends: '2026-05-31 12:00' },
    ],
    [
      'starts tomorrow',
      '2026-06-01',
      undefined,
      { running: false, reason: 'not-started', starts: '2026-06-01' },
    ],
    [
      'a day that does not exist',
      '2026-02-30',
      undefined,
      { running: false, reason: 'unreadable', text: '2026-02-30' },
    ],
  ])('%s', (_what, starts, ends, expected) => {
    expect(saleWindow(starts, ends, now)).toEqual(expected);
  });

  it('reads a date-time with an offset other than UTC as unreadable, not shifted silently', () => {
    expect(readSaleDate('2026-05-31T12:00:00+02:00', 'start')).toBeUndefined();
  });
});
