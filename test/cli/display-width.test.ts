import { describe, expect, it } from 'vitest';
import { renderTable } from '../../src/cli/handlers/remote-categories.js';
import { displayWidth, padEndDisplay, padStartDisplay } from '../../src/display-width.js';

describe('display width', () => {
  it.each([
    ['Soups', 5],
    ['ラーメン', 8],
    ['비빔밥', 6],
    ['Супы', 4],
    ['Cafe\u0301', 4],
    ['שָׁלוֹם', 4],
    ['🍜', 2],
    ['👨‍🍳', 2],
  ])('"%s" takes %i columns', (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('pads by columns, not by UTF-16 length', () => {
    expect(padEndDisplay('ラーメン', 10)).toBe('ラーメン  ');
    expect(padStartDisplay('🍜', 4)).toBe('  🍜');
    expect(padEndDisplay('too long', 3)).toBe('too long');
  });
});

describe('remote categories table', () => {
  it('lines up the columns after names in wide and combining characters', () => {
    const table = renderTable([
      { uid: 'u1', ext_id: 'c1', name: 'ラーメン', products_count: 3 },
      { uid: 'u2', ext_id: 'c2', name: 'Cafe\u0301', products_count: 1 },
      { uid: 'u3', ext_id: 'c3', name: '🍜 Noodle', products_count: 12 },
    ]);
    expect(table.split('\n')).toEqual([
      'name       ext_id  uid  products  hidden  options',
      'ラーメン   c1      u1   3         no      0',
      'Cafe\u0301       c2      u2   1         no      0',
      '🍜 Noodle  c3      u3   12        no      0',
      '3 categories',
    ]);
  });
});
