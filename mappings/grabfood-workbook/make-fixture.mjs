// Writes fixtures/menu.xlsx, our own GrabFood-style menu workbook: dishes, option groups and options
// on three sheets, joined by two link sheets. Run from the repository root after a change:
//   node mappings/grabfood-workbook/make-fixture.mjs [out.xlsx] [--dangling]
// `--dangling` adds links that lead nowhere (the bad-input test writes that workbook to a temp dir).
import ExcelJS from 'exceljs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const SHEETS = {
  Dishes: [
    ['ItemID', 'Category', 'Item Name', 'Description', 'Price', 'Availability'],
    ['D001', 'Rice Bowls', 'Chicken Rice', 'Steamed chicken, fragrant rice', 5.5, 'Available'],
    ['D002', 'Rice Bowls', 'Nasi Lemak', 'Coconut rice, sambal, egg', 6.2, 'Available'],
    ['D003', 'Drinks', 'Teh Tarik', '', 2.3, 'Available'],
    ['D004', 'Drinks', 'Iced Milo', '', 2.8, 'Unavailable'],
  ],
  'Option Groups': [
    ['GroupID', 'Group Name', 'Min Selection', 'Max Selection'],
    ['G01', 'Rice Portion', 1, 1],
    ['G02', 'Add-ons', 0, 3],
    ['G03', 'Sugar Level', 1, 1],
  ],
  Options: [
    ['OptionID', 'Option Name', 'Price', 'Availability'],
    ['O01', 'Regular', 0, 'Available'],
    ['O02', 'Large', 1, 'Available'],
    ['O03', 'Fried Egg', 0.8, 'Available'],
    ['O04', 'Extra Sambal', 0.5, 'Unavailable'],
    ['O05', 'Normal Sugar', 0, 'Available'],
    ['O06', 'Less Sugar', 0, 'Available'],
  ],
  'Linked Dish': [
    ['ItemID', 'GroupID'],
    ['D001', 'G01'],
    ['D001', 'G02'],
    ['D002', 'G01'],
    ['D002', 'G02'],
    ['D003', 'G03'],
    ['D004', 'G03'],
  ],
  'Linked Options': [
    ['GroupID', 'OptionID'],
    ['G01', 'O01'],
    ['G01', 'O02'],
    ['G02', 'O03'],
    ['G02', 'O04'],
    ['G03', 'O05'],
    ['G03', 'O06'],
  ],
};

/** Links to a dish, a group and an option the workbook lacks, and a group no dish uses. */
export const DANGLING = {
  'Linked Dish': [
    ['D999', 'G01'], // no such dish
    ['D003', 'G09'], // no such group
  ],
  'Linked Options': [
    ['G02', 'O99'], // no such option
    ['G08', 'O05'], // no such group
  ],
};

export async function writeWorkbook(file, { dangling = false } = {}) {
  const workbook = new ExcelJS.Workbook();
  // A fixed date: the same workbook on every run.
  workbook.created = workbook.modified = new Date('2026-11-01T00:00:00Z');
  for (const [name, rows] of Object.entries(SHEETS)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of [...rows, ...(dangling ? (DANGLING[name] ?? []) : [])]) sheet.addRow(row);
  }
  await workbook.xlsx.writeFile(file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = process.argv.find((a) => a.endsWith('.xlsx')) ?? path.join(here, 'fixtures', 'menu.xlsx');
  await writeWorkbook(out, { dangling: process.argv.includes('--dangling') });
}
