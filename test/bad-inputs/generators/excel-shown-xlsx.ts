import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { buildWorkbook, cell, row } from '../../helpers/xlsx-workbook.js';

const HEADER = ['Handle', 'Name', 'Category', 'Description', 'Size', 'Price', 'Available'];
const header = row(1, ...HEADER.map((name, i) => cell.inline(`${String.fromCharCode(65 + i)}1`, name)));

/**
 * shown.xlsx: a Japanese menu as Japanese Excel saves it: names with phonetic guides in the
 * shared strings (which sit after the sheet in the zip), a price and an "Available" flag that
 * are cached formula results. error.xlsx: the same with a price whose lookup failed (#N/A).
 */
export async function generate(tmp: string): Promise<void> {
  const sharedStrings = [
    '<si><t>天ぷら定食</t><rPh sb="0" eb="3"><t>テンプラ</t></rPh><rPh sb="3" eb="5"><t>テイショク</t></rPh></si>',
    '<si><t>和食</t><rPh sb="0" eb="2"><t>ワショク</t></rPh></si>',
    '<si><t>寿司</t><rPh sb="0" eb="2"><t>スシ</t></rPh></si>',
  ];
  const item = (n: number, handle: string, name: number, price: string, available: string) =>
    row(
      n,
      cell.inline(`A${n}`, handle),
      cell.shared(`B${n}`, name),
      cell.shared(`C${n}`, 1),
      price.replace('<c', `<c r="F${n}"`),
      available.replace('<c', `<c r="G${n}"`),
    );
  const tempura = item(
    2,
    'tempura',
    0,
    '<c><f>ROUND(11.364*1.1,2)</f><v>12.5</v></c>',
    '<c t="b"><f>TRUE()</f><v>1</v></c>',
  );
  const sushi = (price: string) => item(3, 'sushi', 2, price, '<c t="b"><f>D9&gt;0</f><v>0</v></c>');
  const write = (name: string, rows: string) =>
    writeFile(path.join(tmp, name), buildWorkbook({ sheets: [{ name: 'Items', rows }], sharedStrings }));
  await write('shown.xlsx', header + tempura + sushi('<c><f>VLOOKUP(A3,Prices!A:B,2,0)</f><v>18</v></c>'));
  await write(
    'error.xlsx',
    header + tempura + sushi('<c t="e"><f>VLOOKUP(A3,Prices!A:B,2,0)</f><v>#N/A</v></c>'),
  );
}
