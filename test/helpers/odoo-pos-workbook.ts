import { buildWorkbook, cell, row } from './xlsx-workbook.js';

// The fixture mappings/odoo-pos-products/fixtures/pos-products.xlsx, as Odoo 17's Export dialog
// writes it (xlsx, "I want to update data" unticked, field labels as headers): a template's
// one-to-many and many-to-many fields continue on rows below it whose leading cells are empty,
// each field's extra lines appended after the record's first line (Odoo's _export_rows). Booleans
// are xlsx booleans, amounts numbers. Our own invented café data; regenerate with
// UPDATE_FIXTURES=1 npx vitest run test/mappings/odoo-pos-products.test.ts

export const ODOO_POS_HEADERS = [
  'External ID',
  'Name',
  'Internal Reference',
  'Point of Sale Category',
  'Available in POS',
  'Active',
  'Sales Price',
  'Sales Description',
  'Product Attributes/Attribute',
  'Product Attributes/Product Attribute Values',
  'Product Attributes/Product Attribute Values/Value Price Extra',
] as const;

type Cell = string | number | boolean | null;

/** One row per line of the export; null is an empty cell (Odoo writes none). */
export const ODOO_POS_ROWS: Cell[][] = [
  [
    '__export__.product_template_41_5f3c1a2b',
    'Espresso',
    'ESP',
    'All / Drinks / Coffee',
    true,
    true,
    2.2,
    null,
    null,
    null,
    null,
  ],
  [
    '__export__.product_template_42_9d0e4c11',
    'Cappuccino',
    'CAP',
    'All / Drinks / Coffee',
    true,
    true,
    3.1,
    'Double shot, steamed milk',
    'Size',
    'Size: Regular',
    0,
  ],
  // Odoo 17: pos_categ_ids is many-to-many; the second category is a line of its own.
  [null, null, null, 'All / Breakfast', null, null, null, null, null, null, null],
  [null, null, null, null, null, null, null, null, null, 'Size: Large', 0.8],
  [null, null, null, null, null, null, null, null, 'Milk', 'Milk: Whole milk', 0],
  [null, null, null, null, null, null, null, null, null, 'Milk: Oat milk', 0.5],
  [
    '__export__.product_template_43_2b7a90fe',
    'Margherita',
    'PIZ-MAR',
    'All / Food / Pizza',
    true,
    true,
    9.5,
    null,
    'Size',
    'Size: 26 cm',
    0,
  ],
  [null, null, null, null, null, null, null, null, null, 'Size: 32 cm', 3],
  [
    '__export__.product_template_44_c41d7e02',
    'Lemonade',
    'LEM',
    'All / Drinks',
    true,
    true,
    3.5,
    null,
    'Flavour',
    'Flavour: Elderflower',
    0.3,
  ],
  // Archived (shown when the export's filter includes archived records).
  [
    '__export__.product_template_45_71fe0a3d',
    'Pumpkin soup',
    'SOUP-PUM',
    'All / Food',
    true,
    false,
    5.9,
    null,
    null,
    null,
    null,
  ],
  // Sold in the back office only.
  [
    '__export__.product_template_46_0a9b3c5e',
    'Gift card',
    'GIFT',
    null,
    false,
    true,
    25,
    null,
    null,
    null,
    null,
  ],
  [
    '__export__.product_template_47_e3d2f1a0',
    'Croissant',
    'CRO',
    null,
    true,
    true,
    2.4,
    null,
    null,
    null,
    null,
  ],
];

const COLUMNS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function xlsxCell(ref: string, value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return cell.number(ref, value);
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return cell.inline(ref, value);
}

/** The workbook's bytes: one sheet named as Odoo names it. */
export function odooPosWorkbook(): Buffer {
  const lines = [[...ODOO_POS_HEADERS] as Cell[], ...ODOO_POS_ROWS];
  const rows = lines
    .map((values, i) => row(i + 1, ...values.map((v, j) => xlsxCell(`${COLUMNS[j] ?? 'Z'}${i + 1}`, v))))
    .join('');
  return buildWorkbook({ sheets: [{ name: 'Sheet1', rows }] });
}
