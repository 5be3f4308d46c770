import { describe, expect, it } from 'vitest';
import { guessColumns } from '../../src/init/guess-columns.js';

describe('guessColumns', () => {
  it('picks the id, name, price, category and description columns of an unknown export', () => {
    const headers = [
      'Artikelnummer',
      'Bezeichnung',
      'Einkaufspreis',
      'Verkaufspreis',
      'Warengruppe',
      'Beschreibung',
      'ID',
    ];
    expect(guessColumns(headers)).toEqual({
      extId: 'ID',
      name: 'Bezeichnung',
      price: 'Verkaufspreis',
      category: 'Warengruppe',
      description: 'Beschreibung',
    });
  });

  it('never takes a cost, compare-at or tax column as the price', () => {
    expect(guessColumns(['Name', 'Cost price', 'Compare-at price', 'Tax price']).price).toBeUndefined();
    expect(guessColumns(['Name', 'Purchase price', 'Price']).price).toBe('Price');
  });

  it('skips an id column that is empty in every sampled row (Odoo leaves External ID empty)', () => {
    const headers = ['External ID', 'Name', 'Sales Price'];
    const samples = [
      ['', 'Paneer Tikka', '8.5'],
      [null, 'Dal Makhani', '7'],
    ];
    expect(guessColumns(headers, samples)).toEqual({ name: 'Name', price: 'Sales Price' });
  });

  it.each([['Gericht'], ['Dish'], ['Producto'], ['Artikel'], ['Plat'], ['Piatto']])(
    'takes %s as the name',
    (header) => {
      expect(guessColumns(['Code', header, 'Preis']).name).toBe(header);
    },
  );

  it('uses one column for one role only', () => {
    const guesses = guessColumns(['Name', 'Product name']);
    expect(guesses.name).toBe('Name');
    expect(Object.values(guesses)).toHaveLength(1);
  });
});
