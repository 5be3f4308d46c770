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

  it.each([
    [
      'Italian',
      ['Codice articolo', 'Descrizione', 'Reparto', 'Prezzo', 'Prezzo variante', 'Attivo', 'Note'],
      {
        extId: 'Codice articolo',
        name: 'Descrizione',
        category: 'Reparto',
        price: 'Prezzo',
        hidden: 'Attivo',
      },
    ],
    [
      'Spanish',
      ['Código', 'Nombre', 'Familia', 'Precio de venta', 'Coste', 'Activo'],
      { extId: 'Código', name: 'Nombre', category: 'Familia', price: 'Precio de venta', hidden: 'Activo' },
    ],
    [
      'German',
      ['Art.-Nr.', 'Artikelbezeichnung', 'Abteilung', 'VK-Preis', 'Aktiv'],
      {
        extId: 'Art.-Nr.',
        name: 'Artikelbezeichnung',
        category: 'Abteilung',
        price: 'VK-Preis',
        hidden: 'Aktiv',
      },
    ],
    [
      'French',
      ['Référence', 'Désignation', 'Famille', 'Prix de vente', 'Prix achat', 'Actif'],
      {
        extId: 'Référence',
        name: 'Désignation',
        category: 'Famille',
        price: 'Prix de vente',
        hidden: 'Actif',
      },
    ],
  ])('reads %s headers', (_language, headers, expected) => {
    const g = guessColumns(headers, [headers.map(() => 'S')]);
    expect({
      extId: g.extId,
      name: g.name,
      category: g.category,
      price: g.price,
      hidden: g.hidden?.column,
    }).toEqual(expected);
    expect(g.hidden?.invert).toBe(true);
  });

  it('prefers the item id over a SKU, and never takes another entity id', () => {
    const headers = ['Category ID', 'SKU', 'Name', 'Clover ID', 'Price'];
    expect(guessColumns(headers).extId).toBe('Clover ID');
    expect(guessColumns(['Tax ID', 'SKU', 'Name']).extId).toBe('SKU');
  });

  it('takes a hidden flag as is and an on-sale flag inverted, only when its cells are yes/no words', () => {
    expect(guessColumns(['Name', 'Hidden'], [['Latte', 'No']]).hidden).toEqual({
      column: 'Hidden',
      invert: false,
    });
    expect(guessColumns(['Name', 'Active'], [['Latte', 'Y']]).hidden).toEqual({
      column: 'Active',
      invert: true,
    });
    expect(guessColumns(['Name', 'Active'], [['Latte', '2026-01-01']]).hidden).toBeUndefined();
  });

  it('sees variant rows below their product only when the first row starts one', () => {
    const headers = ['Code', 'Name', 'Price', 'Variant price'];
    const rows = [
      ['1', 'Pizza', '', ''],
      ['', 'Small', '', '4'],
    ];
    expect(guessColumns(headers, rows).continuation).toEqual({
      start: 'Code',
      variantPrice: 'Variant price',
    });
    expect(guessColumns(headers, rows.slice(0, 1)).continuation).toBeUndefined();
    expect(guessColumns(headers, [...rows].reverse()).continuation).toBeUndefined();
  });
});
