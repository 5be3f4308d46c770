import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../src/extract/csv/detect-delimiter.js';
import { detectEncoding, normalizeEncoding } from '../../src/extract/csv/detect-encoding.js';
import { guessHeaderRow } from '../../src/extract/header-row.js';
import { macRoman, utf16be, windows1252 } from './helpers.js';

describe('detectDelimiter', () => {
  it.each([
    [
      'European decimals: semicolons, with a comma in every price',
      'Name;Price\nTea;2,50\nCoffee;3,00\n',
      ';',
    ],
    ['tabs, with commas and semicolons in text', 'Name\tNote\nTea\ta, b; c\nCake\td, e\n', '\t'],
    ['pipes', 'a|b|c\n1|2|3\n', '|'],
    ['a title line above a comma header', 'Export; all items\nName,Price,SKU\nTea,2,1\nCake,3,2\n', ','],
    ['delimiters inside quoted multi-line cells are not counted', 'a,b\n"x;\n;y;z",1\n', ','],
    ['one column: comma', 'Name\nTea\nCoffee\n', ','],
    ['nothing', '', ','],
  ])('%s', (_label, text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });
});

describe('detectEncoding', () => {
  it.each([
    ['plain ASCII', Buffer.from('Name,Price\nTea,1\n'), 'utf-8', 0],
    [
      'UTF-8 cut inside a character at the end of the sample',
      Buffer.from('Name\nCafé').subarray(0, 9),
      'utf-8',
      0,
    ],
    ['UTF-8 BOM', Buffer.from('\uFEFFName', 'utf8'), 'utf-8', 3],
    ['UTF-16 LE without BOM', Buffer.from('Name,Price\nTea,1\n', 'utf16le'), 'utf-16le', 0],
    ['UTF-16 BE without BOM', utf16be('Name,Price\nTea,1\n'), 'utf-16be', 0],
    ['German in Windows-1252', windows1252('Name\nMäppchen groß\nKäse\n'), 'windows-1252', 0],
    ['French in MacRoman', macRoman('Name\nCafé crème\nGâteau à la française\n'), 'macintosh', 0],
    ['Excel for Mac fingerprint E5 CA', Buffer.from([0x61, 0xe5, 0xca, 0x62, 0x0a]), 'macintosh', 0],
  ])('%s', (_label, bytes, encoding, bomLength) => {
    expect(detectEncoding(bytes)).toMatchObject({ encoding, bomLength });
  });

  it.each([
    ['UTF8', 'utf-8'],
    ['cp1252', 'windows-1252'],
    ['ISO-8859-1', 'windows-1252'],
    ['MacRoman', 'macintosh'],
    ['utf_16_le', 'utf-16le'],
    ['shift-jis', 'shift_jis'],
    ['CP932', 'shift_jis'],
    ['cp1251', 'windows-1251'],
    ['KOI8-R', 'koi8-r'],
    ['iso-8859-16', 'iso-8859-16'],
    ['ebcdic', undefined],
    ['x-user-defined', undefined],
  ])('normalizes the encoding name %s', (label, expected) => {
    expect(normalizeEncoding(label)).toBe(expected);
  });
});

describe('guessHeaderRow', () => {
  it.each([
    [
      'the first row when it is the header',
      [
        ['Name', 'Price'],
        ['Tea', '2'],
      ],
      0,
    ],
    ['a blank row and a title are skipped', [[], ['Menu'], ['Name', 'Price', 'SKU'], ['Tea', '2', '1']], 2],
    [
      'a numeric-looking row is not a header',
      [
        ['1', '2', '3'],
        ['Name', 'Price', 'SKU'],
      ],
      1,
    ],
    [
      'a title repeated across merged cells counts once',
      [
        ['Menu', 'Menu', 'Menu'],
        ['Name', 'Price', 'SKU'],
      ],
      1,
    ],
    [
      'no text at all',
      [
        ['1', '2'],
        ['3', '4'],
      ],
      -1,
    ],
  ])('%s', (_label, rows, expected) => {
    expect(guessHeaderRow(rows)).toBe(expected);
  });
});
