import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { SHIPPED_MAPPINGS_DIR } from '../src/mapping/loader.js';

/**
 * A synthetic Shopify products export (legacy header layout, as Admin > Products > Export writes
 * it), the input issue 21's speed targets name: every second product has two sizes, so 100,000
 * products are 150,000 rows (about 33 MB). Read with the shipped shopify-products mapping.
 */
export const SHOPIFY_MAPPING = path.join(SHIPPED_MAPPINGS_DIR, 'shopify-products', 'mapping.yaml');

const HEADERS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Image Src',
  'Image Position',
  'Gift Card',
  'Status',
];

const CATEGORIES = ['Cakes', 'Breads', 'Pastries', 'Coffee', 'Tea', 'Sandwiches', 'Salads', 'Soups'];

/** Deterministic rows of product `i`: one, or two (Small, Large) for every second product. */
function productRows(i: number, changed: boolean): string[][] {
  const cents = 250 + ((i * 37) % 2000) + (changed ? 55 : 0);
  const handle = `product-${i}`;
  const category = CATEGORIES[i % CATEGORIES.length]!;
  const head = [
    handle,
    `Product ${i}${changed ? ' (new recipe)' : ''}`,
    `<p>House product number ${i}, baked &amp; served daily.</p>`,
    'Corner Bakery',
    `Food, Beverages & Tobacco > Food Items > Bakery > ${category}`,
    category,
    'house, daily',
    'true',
  ];
  const variant = (option: string, value: string, sku: string, price: number): string[] => [
    option,
    value,
    sku,
    '250',
    'deny',
    'manual',
    (price / 100).toFixed(2),
    '',
    'true',
    'true',
  ];
  const image = [`https://cdn.example.test/products/${i}.jpg`, '1', 'false', 'active'];
  if (i % 2 === 1) return [[...head, ...variant('Title', 'Default Title', `SKU-${i}`, cents), ...image]];
  const blank = head.map(() => '');
  return [
    [...head, ...variant('Size', 'Small', `SKU-${i}-S`, cents), ...image],
    [handle, ...blank.slice(1), ...variant('', 'Large', `SKU-${i}-L`, cents + 120), '', '', '', ''],
  ];
}

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes the export with backpressure; every `changeEvery`-th product changed (100 = 1%). */
export async function writeShopifyCsv(
  file: string,
  options: { products: number; changeEvery?: number },
): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${HEADERS.join(',')}\n`);
  let chunk = '';
  for (let i = 0; i < options.products; i++) {
    const changed =
      options.changeEvery !== undefined && options.changeEvery > 0 && i % options.changeEvery === 0;
    for (const row of productRows(i, changed)) chunk += `${row.map(csvField).join(',')}\n`;
    if (i % 1000 === 999) {
      await write(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') await write(chunk);
  out.end();
  await once(out, 'finish');
}
