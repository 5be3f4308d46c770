import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildWorkbook, cell, row } from '../../helpers/xlsx-workbook.js';

const HEADER = row(
  1,
  cell.inline('A1', 'Handle'),
  cell.inline('B1', 'Name'),
  cell.inline('C1', 'Category'),
  cell.inline('D1', 'Price'),
  cell.inline('E1', 'Available'),
);

/** The rows of a two-product sheet; `latte` is the second product's name as written in the XML. */
function items(latte: string): string {
  return (
    HEADER +
    `<row r="2">${cell.inline('A2', 'espresso')}${cell.inline('B2', 'Espresso')}${cell.inline('C2', 'Coffee')}<c r="D2"><v>2.40</v></c>${cell.inline('E2', 'Y')}</row>` +
    `<row r="3">${cell.inline('A3', 'latte')}<c r="B3" t="inlineStr"><is><t>${latte}</t></is></c>${cell.inline('C3', 'Coffee')}<c r="D3"><v>3.50</v></c>${cell.inline('E3', 'Y')}</row>`
  );
}

/**
 * changed-digit.xlsx: parts stored uncompressed, then one digit of the sheet changed in the file
 * (3.50 -> 9.50) without its CRC-32; entity.xlsx: a DTD that defines `&xxe;` (as an external
 * entity) and a name that uses it.
 */
export async function generate(tmp: string): Promise<void> {
  const stored = buildWorkbook({ sheets: [{ name: 'Items', rows: items('Latte') }], stored: true });
  const at = stored.indexOf('<v>3.50</v>');
  if (at < 0 || stored.indexOf('<v>3.50</v>', at + 1) >= 0) throw new Error('one 3.50 expected');
  stored.write('9', at + 3, 'latin1');
  await writeFile(path.join(tmp, 'changed-digit.xlsx'), stored);
  const prolog = '<!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>';
  const entity = buildWorkbook({ sheets: [{ name: 'Items', rows: items('Latte &xxe;'), prolog }] });
  await writeFile(path.join(tmp, 'entity.xlsx'), entity);
}
