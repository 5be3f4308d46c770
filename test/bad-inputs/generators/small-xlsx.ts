import { writeFile } from 'node:fs/promises';
import { part, SHEET_HEAD, SHEET_TAIL, workbookParts, zip } from './deflate-bomb-xlsx.js';

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A well-formed three-product workbook (inline strings), and one whose second product's name is 40,000 characters. */
export async function generate(tmp: string): Promise<void> {
  const rows = (longName: boolean) =>
    [
      `<row r="1">${cell('A1', 'Name')}${cell('B1', 'Price')}</row>`,
      `<row r="2">${cell('A2', 'Espresso')}<c r="B2"><v>2.4</v></c></row>`,
      `<row r="3">${cell('A3', longName ? 'x'.repeat(40_000) : 'Latte')}<c r="B3"><v>3.5</v></c></row>`,
      `<row r="4">${cell('A4', 'Mocha')}<c r="B4"><v>3.9</v></c></row>`,
    ].join('');
  for (const [name, longName] of [
    ['items.xlsx', false],
    ['long-cell.xlsx', true],
  ] as const) {
    const sheet = part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${rows(longName)}${SHEET_TAIL}`);
    await writeFile(`${tmp}/${name}`, zip(workbookParts(sheet)));
  }
}
