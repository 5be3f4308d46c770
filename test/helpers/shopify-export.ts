import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run-cli.js';

/** The legacy Shopify products header, as in our own fixture (41 columns). */
const HEADER = readFileSync(
  path.join(REPO_ROOT, 'mappings/shopify-products/fixtures/bakery-products-legacy.csv'),
  'utf8',
).split('\n', 1)[0] as string;
const COLUMNS = HEADER.split(',');

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function row(values: Record<string, string>): string {
  return COLUMNS.map((column) => csvCell(values[column] ?? '')).join(',');
}

/**
 * A Shopify products export (legacy headers) with `count` products, every third one with two
 * sizes. `cutLast`: the file ends right after the last product's Title, with no line break, as a
 * download cut off mid-line leaves it.
 */
export function shopifyExport(
  count: number,
  options: { cutLast?: boolean; priceOf?: (i: number) => string } = {},
): string {
  const lines = [HEADER];
  const priceOf = options.priceOf ?? ((i: number) => (3 + i / 4).toFixed(2));
  for (let i = 1; i <= count; i++) {
    const handle = `cake-${i}`;
    const title = `Cake ${i}`;
    if (options.cutLast && i === count) {
      lines.push(`${handle},${title}`);
      return lines.join('\n');
    }
    const sized = i % 3 === 0;
    lines.push(
      row({
        Handle: handle,
        Title: title,
        'Body (HTML)': `<p>Cake number ${i}, baked daily.</p>`,
        'Product Category': 'Food, Beverages & Tobacco > Food Items > Bakery > Cakes',
        Type: 'Cake',
        Published: 'true',
        'Option1 Name': sized ? 'Size' : 'Title',
        'Option1 Value': sized ? 'Small' : 'Default Title',
        'Variant Price': priceOf(i),
        Status: 'active',
      }),
    );
    if (sized) {
      lines.push(
        row({
          Handle: handle,
          'Option1 Value': 'Large',
          'Variant Price': (Number(priceOf(i)) + 2).toFixed(2),
        }),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
