import path from 'node:path';

/**
 * short-rows.xlsx: an item sheet whose rows leave off their trailing empty cells, as every xlsx
 * writer does (a sheet stores no empty cells). Written with exceljs, so no binary is committed.
 */
export async function generate(tmp: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Items');
  sheet.addRow([
    'Handle',
    'Name',
    'Category',
    'Description',
    'Size',
    'Price',
    'Available',
    'Modifier - "Milk"',
  ]);
  sheet.addRow(['espresso', 'Espresso', 'Coffee', 'A short double shot', null, 2.4, 'Y']);
  sheet.addRow(['tea', 'Tea', 'Tea', null, null, 2.1, 'Y']);
  sheet.addRow(['cake', 'Cake', 'Bakery']);
  await workbook.xlsx.writeFile(path.join(tmp, 'short-rows.xlsx'));
}
