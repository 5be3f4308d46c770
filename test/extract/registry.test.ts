import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { chooseExtractor, extractors, openSource, sniffFormat } from '../../src/extract/registry.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { tempDir } from './helpers.js';

const write = tempDir();

describe('extractor registry', () => {
  it('lists one extractor per format, each claiming distinct lower-case extensions', () => {
    expect(extractors.map((extractor) => extractor.format).sort()).toEqual(['csv', 'json', 'xlsx']);
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

describe('exceljs is loaded lazily', () => {
  /** Static, non-type imports of a source file: relative ones resolved to .ts, packages as named. */
  function staticImports(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm),
    ].map((match) => match[1] ?? '');
    return specifiers.map((specifier) =>
      specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'))
        : specifier,
    );
  }

  // The CLI and the library must not pay exceljs's start-up unless a workbook is read. (bench/
  // is a separate entry point that measures exceljs itself.)
  it('nothing reachable by static imports from the CLI or the library imports exceljs', () => {
    const entries = ['src/cli/main.ts', 'src/index.ts', 'src/extract/registry.ts'].map((entry) =>
      path.join(REPO_ROOT, entry),
    );
    const seen = new Set<string>();
    const offenders: string[] = [];
    const queue = entries.filter((entry) => existsSync(entry));
    while (queue.length > 0) {
      const file = queue.pop() ?? '';
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      for (const target of staticImports(file)) {
        if (target === 'exceljs') offenders.push(path.relative(REPO_ROOT, file));
        else if (target.startsWith('/')) queue.push(target);
      }
    }
    expect(seen.has(path.join(REPO_ROOT, 'src/extract/xlsx/workbook-reader.ts'))).toBe(true);
    expect(offenders).toEqual([]);
  });

  const built = path.join(REPO_ROOT, 'dist/extract/registry.js');
  if (!existsSync(built)) {
    console.warn(`Skipping the built-registry import test: ${built} is absent (run npm run build)`);
  }
  it.skipIf(!existsSync(built))('importing the built registry does not load exceljs', () => {
    const script = `await import(${JSON.stringify(built)});
      const { createRequire } = await import('node:module');
      const cache = Object.keys(createRequire(import.meta.url).cache);
      process.stdout.write(String(cache.some((file) => file.includes('exceljs'))));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('false');
  });
});
