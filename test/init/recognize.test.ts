import { describe, expect, it } from 'vitest';
import { knownFormats } from '../../src/init/known-formats.js';
import { recognizeDocument as documentIn, recognizeHeaders as headersIn } from '../../src/init/recognize.js';

// Recognition by the shipped formats' own rules (mappings/*/format.yaml).
const formats = await knownFormats();
const recognizeHeaders = (headers: readonly string[]) => headersIn(headers, formats.table);
const recognizeDocument = (document: unknown) => documentIn(document, formats.document);

const csv = (line: string) => line.split(',');

describe('recognizeHeaders', () => {
  it.each([
    [
      'square-item-library',
      csv('Token,Item Name,Variation Name,SKU,Description,Category,Price,Option Name 1'),
    ],
    ['loyverse-items-en', csv('Handle,SKU,Name,Category,Available for sale [Chillo],Price [Chillo]')],
    ['loyverse-items-es', csv('Handle,REF,Nombre,Categoria,Precio por defecto,Precio [Fubba Bubba]')],
    ['shopify-products-legacy', csv('Handle,Title,Body (HTML),Vendor,Option1 Name,Variant Price')],
    ['shopify-products-2024', csv('Title,URL handle,Description,Option1 name,Option1 value,Price')],
    ['woocommerce-products', csv('ID,Type,SKU,Name,Published,Regular price,Categories,Parent')],
    ['lightspeed-xseries-products', csv('id,handle,sku,name,type,variant_option_one_name,retail_price')],
    [
      'sumup-items',
      csv('Item name,Variations,Option set 1,Price,Item id (Do not change),Variant id (Do not change)'),
    ],
  ])('recognizes %s from its headers', (id, headers) => {
    expect(recognizeHeaders(headers)?.format.id).toBe(id);
  });

  it('compares header names trimmed and case-insensitively', () => {
    const headers = [' HANDLE ', 'sku', 'name', 'category', 'price [Main]'];
    expect(recognizeHeaders(headers)?.format.id).toBe('loyverse-items-en');
  });

  it('reads the store from the first Price [<store>] column and lists the others', () => {
    const headers = csv('Handle,REF,Nombre,Categoria,Precio [Fubba Bubba],Precio [Fubba 1]');
    const found = recognizeHeaders(headers);
    expect(found?.params).toEqual({ store: 'Fubba Bubba' });
    expect(found?.choices).toEqual({ store: ['Fubba Bubba', 'Fubba 1'] });
  });

  it('returns nothing when one required header is missing', () => {
    expect(recognizeHeaders(csv('Handle,SKU,Name,Category,Cost'))).toBeUndefined();
    expect(recognizeHeaders(csv('External ID,Cost,Sales Price'))).toBeUndefined();
    expect(recognizeHeaders([])).toBeUndefined();
  });
});

describe('Odoo exports', () => {
  it('tells a Point of Sale export from a plain product.template export by its POS columns', () => {
    expect(recognizeHeaders(csv('External ID,Name,Cost,Sales Price'))?.format.id).toBe(
      'odoo-product-template',
    );
    const pos = 'External ID,Name,Point of Sale Category,Available in POS,Active,Sales Price';
    expect(recognizeHeaders(csv(pos))?.format.id).toBe('odoo-pos-products');
  });
});

describe('recognizeDocument', () => {
  it('recognizes GloriaFood by restaurant_id and categories with items', () => {
    const doc = { id: 1, restaurant_id: 2, categories: [{ id: 3, name: 'Pizza', items: [] }] };
    expect(recognizeDocument(doc)?.format.id).toBe('gloriafood-menu');
  });

  it('recognizes Uber Eats by menus, categories and items', () => {
    const doc = { menus: [], categories: [], items: [], modifier_groups: [], display_options: {} };
    expect(recognizeDocument(doc)?.format.id).toBe('ubereats-menu');
  });

  it('recognizes Square Catalog objects as a bare array or under objects', () => {
    const item = { type: 'ITEM', id: 'X', item_data: { name: 'Cone' } };
    expect(recognizeDocument([{ type: 'CATEGORY' }, item])?.format.id).toBe('square-catalog-api');
    expect(recognizeDocument({ objects: [item] })?.format.id).toBe('square-catalog-api');
  });

  it('returns nothing for other shapes', () => {
    expect(recognizeDocument({ products: [] })).toBeUndefined();
    expect(recognizeDocument([{ type: 'ITEM' }])).toBeUndefined();
    expect(recognizeDocument('menu')).toBeUndefined();
    expect(recognizeDocument(null)).toBeUndefined();
  });
});
