import { describe, expect, it } from 'vitest';
import { guessHeaderRow } from '../../src/extract/header-row.js';
import type { CellValue } from '../../src/extract/types.js';
import { openSource } from '../../src/extract/registry.js';
import { asTable, tempDir } from './helpers.js';

const write = tempDir();
const HEADER = ['Name', 'Category', 'Price', 'SKU', 'Description'];
const row = (name: string, description = 'Plain') => [name, 'Drinks', '2.50', `S-${name}`, description];

describe('guessHeaderRow without header hints', () => {
  it.each<[string, CellValue[][], number]>([
    [
      'a ragged data row with more text cells than the header does not win',
      [HEADER, row('Tea'), ['Coffee', 'Drinks', 'Hot', 'S-2', 'Strong', 'Arabica', 'Large'], row('Cake')],
      0,
    ],
    [
      'the ragged row right below the header does not push the header out',
      [HEADER, ['Coffee', 'Drinks', 'Hot', 'S-2', 'Strong', 'Arabica', 'Large'], row('Cake')],
      0,
    ],
    [
      'a CSV title row padded with empty fields is passed over',
      [['Menu export', '', '', '', ''], HEADER, row('Tea'), row('Cake')],
      1,
    ],
    [
      'a two-cell preamble above a wider header is passed over',
      [['Store', 'Main Street'], [], HEADER, row('Tea'), row('Cake')],
      2,
    ],
    ['a one-column export as the first row is a header', [['Name'], ['Tea'], ['Cake']], 0],
    [
      'a row with duplicate cells (a merged title) is passed over',
      [['Menu', 'Menu', 'Menu', 'Menu', 'Menu'], HEADER, row('Tea')],
      1,
    ],
    [
      'lines of prose after a comma-separated line are not a table',
      [
        ['TYPES: Menu', 'MenuSection', 'MenuItem'],
        ['PRE-MARKUP:'],
        ['A simple menu'],
        ['with one section'],
        ['JSON:'],
      ],
      -1,
    ],
  ])('%s', (_label, rows, expected) => {
    expect(guessHeaderRow(rows)).toBe(expected);
  });
});

describe('opening a CSV whose header must be guessed', () => {
  it('takes the real header when a later data row has extra cells', async () => {
    const lines = [
      HEADER.join(','),
      row('Tea').join(','),
      'Coffee,Drinks,Hot,S-2,Strong,Arabica,Large',
      row('Cake').join(','),
    ];
    const source = asTable(await openSource(write('ragged.csv', `${lines.join('\n')}\n`)));
    expect(source.headerRow).toBe(1);
    expect(source.headers).toEqual(HEADER);
    expect(source.issues.filter((issue) => issue.code === 'header-not-found')).toEqual([]);
  });

  it('warns that no header was found in a text file that is not a table', async () => {
    const text =
      'TYPES: Menu, MenuSection, MenuItem\n\nPRE-MARKUP:\n\nA simple menu example.\nAnother line\n';
    const source = asTable(await openSource(write('prose.txt', text), { format: 'csv' }));
    expect(source.issues.map((issue) => [issue.code, issue.severity])).toEqual([
      ['header-not-found', 'warning'],
    ]);
  });
});
