import { describe, expect, it } from 'vitest';
import { openSource } from '../../src/extract/registry.js';
import { buildWorkbook } from '../helpers/xlsx-workbook.js';
import { asTable, readAll, tempDir } from './helpers.js';

// Issue 36 §2: an empty export says so in one wording whatever its format (the CLI side, exit 2,
// is the bad-inputs case 2-empty-export-one-wording).

const write = tempDir();

describe('an empty export', () => {
  it.each(['items.csv', 'menu.json', 'items.xlsx', 'export.txt'])(
    'refuses an empty %s as "the export is empty"',
    async (name) => {
      const file = write(name, '');
      await expect(openSource(file)).rejects.toMatchObject({
        message: `${file}: the export is empty (no bytes)`,
        exitCode: 2,
      });
    },
  );

  it('refuses a JSON file of blank lines and a UTF-16 BOM with blanks the same way', async () => {
    for (const [name, bytes] of [
      ['blank.json', Buffer.from('\n  \r\n\t')],
      ['utf16.csv', Buffer.from([0xff, 0xfe, 0x0d, 0x00, 0x0a, 0x00])],
    ] as const) {
      const file = write(name, bytes);
      await expect(openSource(file)).rejects.toThrow(`${file}: the export is empty (only blank lines)`);
    }
  });

  it('says it in the same words for a workbook whose sheet has no rows', async () => {
    const file = write('empty-sheet.xlsx', buildWorkbook({ sheets: [{ name: 'Items', rows: '' }] }));
    const source = asTable(await openSource(file));
    expect(await readAll(source)).toEqual([]);
    expect(source.issues.map((i) => [i.code, i.severity, i.message])).toEqual([
      ['header-not-found', 'error', 'the export is empty: no header and no records'],
    ]);
  });
});
