import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { chooseExtractor, extractors, openSource, sniffFormat } from '../../src/extract/registry.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { tempDir } from './helpers.js';

const write = tempDir();

describe('extractor registry', () => {
  it('lists one extractor per format, each claiming distinct lower-case extensions', () => {
    expect(extractors.map((extractor) => extractor.format).sort()).toEqual(['csv', 'html', 'json', 'xlsx']);
    const extensions = extractors.flatMap((extractor) => extractor.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const extension of extensions) expect(extension).toMatch(/^\.[a-z]+$/);
  });

  it.each(extractors.map((extractor) => [extractor.format, extractor] as const))(
    'the %s extractor turns a missing file into InvalidInputError naming it',
    async (_format, extractor) => {
      const missing = path.join(REPO_ROOT, 'no-such-dir', 'menu.bin');
      const error = await extractor.open(missing, {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toBe(`Cannot read input file ${missing}: no such file`);
    },
  );

  it('reports a directory given as input in one line', async () => {
    await expect(openSource(REPO_ROOT + '/src', { format: 'csv' })).rejects.toThrow(
      /src: it is a directory$/,
    );
  });

  it('chooses by options.format first, then the extension, then the content', async () => {
    const jsonInCsv = write('menu.csv', '{"a": 1}');
    expect((await chooseExtractor(jsonInCsv)).format).toBe('csv');
    expect((await chooseExtractor(jsonInCsv, { format: 'json' })).format).toBe('json');
    expect((await chooseExtractor(write('export.dat', '\uFEFF  [1, 2]'))).format).toBe('json');
    expect((await chooseExtractor(write('export', 'Name,Price\nTea,1\n'))).format).toBe('csv');
    expect(sniffFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('xlsx');
  });

  it.each([
    ['menu.xls', 'Name,Price\n', /menu\.xls: it is an Excel 97-2003 workbook/],
    ['menu.ods', 'x', /menu\.ods: it is an OpenDocument spreadsheet/],
    [
      'download',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      /download: it is an Excel 97-2003 \(OLE\) file/,
    ],
  ])(
    'refuses %s, a spreadsheet format no extractor reads, with a clear error',
    async (name, content, message) => {
      const error = await openSource(write(name, content)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(message);
    },
  );

  it('opens a workbook without an extension by its zip signature', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Only').addRow(['Name', 'Price']);
    const file = write('download', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await openSource(file)).toMatchObject({
      kind: 'table',
      sheet: 'Only',
      headers: ['Name', 'Price'],
    });
  });
});

describe('workbooks are read without exceljs', () => {
  /** Every .ts file under `dir`. */
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
    });
  }

  // exceljs is a development dependency: the bench measures against it and tests write
  // workbooks with it. The product reads .xlsx parts itself (src/extract/xlsx/).
  it('no source file under src/ imports it, statically or lazily', () => {
    const offenders = sources(path.join(REPO_ROOT, 'src'))
      .filter((file) => /(?:from|import\()\s*['"]exceljs['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(offenders).toEqual([]);
  });
});
