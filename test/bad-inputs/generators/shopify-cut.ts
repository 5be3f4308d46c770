import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { shopifyExport } from '../../helpers/shopify-export.js';

/** products.csv, a 200-product Shopify export, and products-cut.csv: the same cut after the last Title. */
export async function generate(tmp: string): Promise<void> {
  await writeFile(path.join(tmp, 'products.csv'), shopifyExport(200));
  await writeFile(path.join(tmp, 'products-cut.csv'), shopifyExport(200, { cutLast: true }));
}
