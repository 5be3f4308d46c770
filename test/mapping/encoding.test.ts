import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractMenu, runMapping } from '../../src/mapping/extract-menu.js';
import { garbledTextIssues } from '../../src/mapping/garbled-text.js';
import { summaryLine } from '../../src/mapping/issue-summary.js';
import { MappingError, parseMappingText } from '../../src/mapping/loader.js';
import { HEADER } from './helpers.js';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';

const dir = mkdtempSync(path.join(tmpdir(), 'menusync-encoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: string | Buffer): string => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

const table = (source: string) => `${HEADER}sources:
  items: ${source}
kind: table
table:
  source: items
  product: { ext_id: "{Sku}", name: { column: Name }, description: { column: Notes, optional: true }, price: { value: 1 } }
  category: { name: { value: Menu } }
`;

const cp1252Csv = Buffer.from('Sku,Name\n1,Chef\x92s special\n2,Tea\n', 'latin1');

describe('the mapping source encoding:', () => {
  it('overrides detection and is named in the summary line', async () => {
    const result = await runMapping(
      parseMappingText(table('{ encoding: cp1252 }'), 'm.yaml'),
      [write('a.csv', cp1252Csv)],
      {},
    );
    expect(result.menu.products.map((p) => p.name)).toEqual(['Chef’s special', 'Tea']);
    expect(result.stats.errors).toBe(0);
    expect(summaryLine(result)).toContain("; encoding windows-1252 (set by the mapping's encoding:)");
  });

  it('is overridden in turn by --encoding (ReadOverrides)', async () => {
    const mapping = parseMappingText(table('{ encoding: macintosh }'), 'm.yaml');
    const options = { encoding: 'windows-1252', names: FLAG_NAMES };
    const result = await runMapping(mapping, [write('b.csv', cp1252Csv)], {}, options);
    expect(result.menu.products[0]?.name).toBe('Chef’s special');
    expect(result.inputs).toEqual([
      {
        file: expect.stringContaining('b.csv'),
        encoding: 'windows-1252',
        // As the caller names the setting: the library would say `set by encoding`.
        encodingReason: 'set by --encoding',
      },
    ]);
  });

  it('rejects an encoding it cannot read when the mapping is loaded', () => {
    expect(() => parseMappingText(table('{ encoding: ebcdic }'), 'm.yaml')).toThrow(MappingError);
    try {
      parseMappingText(table('{ encoding: ebcdic }'), 'm.yaml');
    } catch (error) {
      expect((error as MappingError).problems.join('\n')).toMatch(/sources\.items\.encoding.*windows-1252/);
    }
  });
});

describe('detection as the summary line tells it', () => {
  it('blocks the stray byte of a UTF-8 export: an error naming row and column, and the reason', async () => {
    const file = write(
      'c.csv',
      Buffer.concat([Buffer.from('Sku,Name\n1,Café crème\n2,Chef'), Buffer.from([0x92]), Buffer.from('s\n')]),
    );
    const result = await runMapping(parseMappingText(table('{}'), 'm.yaml'), [file], {});
    expect(result.menu.products[0]?.name).toBe('Café crème');
    expect(result.stats.errors).toBe(1);
    expect(result.issues[0]).toMatchObject({
      code: 'encoding',
      severity: 'error',
      location: { row: 3, column: 'Name' },
    });
    expect(summaryLine(result)).toContain(
      'encoding utf-8 (2 valid multi-byte sequences, 1 invalid in the sample)',
    );
  });
});

describe('U+FFFD and NUL that would reach the platform', () => {
  it('warns for each name and description holding one, in a UTF-8 CSV that is otherwise valid', async () => {
    const file = write('d.csv', 'Sku,Name,Notes\n1,Odd \uFFFD name,fine\n2,Tea,nul\u0000here\n3,Clean,ok\n');
    const result = await runMapping(parseMappingText(table('{}'), 'm.yaml'), [file], {});
    expect(result.stats.errors).toBe(0);
    expect(result.issues.map((issue) => [issue.severity, issue.location.path])).toEqual([
      ['warning', '$.products[0].name'],
      ['warning', '$.products[1].description'],
    ]);
    expect(result.issues[1]?.message).toContain('holds NUL');
  });

  it('warns for text the mapping itself puts in the menu, even from a clean CSV', async () => {
    const yaml = table('{}').replace(
      'description: { column: Notes, optional: true }',
      'description: { template: "{Name} \\uFFFD" }',
    );
    const result = await runMapping(
      parseMappingText(yaml, 'm.yaml'),
      [write('h.csv', 'Sku,Name\n1,Tea\n')],
      {},
    );
    expect(result.issues).toMatchObject([
      { code: 'encoding', severity: 'warning', location: { path: '$.products[0].description' } },
    ]);
  });

  it('warns for a NUL byte in a CSV cell', async () => {
    const result = await runMapping(
      parseMappingText(table('{}'), 'm.yaml'),
      [write('i.csv', 'Sku,Name\n1,Te\u0000a\n')],
      {},
    );
    expect(result.issues).toMatchObject([
      { severity: 'warning', message: expect.stringContaining('holds NUL') },
    ]);
  });

  it('warns for XLSX cells too', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Items');
    sheet.addRow(['Sku', 'Name']);
    sheet.addRow(['1', 'Caf\uFFFD']);
    const file = write('e.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const result = await runMapping(parseMappingText(table('{ format: xlsx }'), 'm.yaml'), [file], {});
    expect(result.issues).toMatchObject([
      { code: 'encoding', severity: 'warning', location: { path: '$.products[0].name' } },
    ]);
  });

  it('warns for JSON strings (a \\u0000 escape) and blocks invalid UTF-8 in JSON with its path', async () => {
    const menu = (name: string) =>
      `{"categories":[{"id":1,"name":"Drinks","active":true,"items":[{"id":11,"name":${name},"price":2,"active":true}]}]}`;
    const nul = await extractMenu({
      mapping: 'gloriafood-menu',
      inputs: [write('f.json', menu('"Tea\\u0000"'))],
    });
    expect(nul.stats.errors).toBe(0);
    expect(nul.issues).toMatchObject([
      { code: 'encoding', severity: 'warning', location: { path: '$.products[0].name' } },
    ]);

    const [before = '', after = ''] = menu('"Chef@s"').split('@');
    const file = write(
      'g.json',
      Buffer.concat([Buffer.from(before), Buffer.from([0x92]), Buffer.from(after)]),
    );
    const bad = await extractMenu({ mapping: 'gloriafood-menu', inputs: [file] });
    expect(bad.stats.errors).toBe(1);
    expect(bad.issues[0]).toMatchObject({
      code: 'encoding',
      severity: 'error',
      location: { path: '$.categories[0].items[0].name' },
      message: expect.stringMatching(/^line 1, column \d+: invalid UTF-8 0x92 at byte \d+/),
    });
    expect(summaryLine(bad)).toContain('encoding utf-8 (JSON is UTF-8)');

    const given = await extractMenu({ mapping: 'gloriafood-menu', inputs: [file], encoding: 'windows-1252' });
    expect(given.stats.errors).toBe(0);
    expect(given.menu.products[0]?.name).toBe('Chef’s');
  });
});

describe('garbledTextIssues', () => {
  it('looks at every name, short_name and description the platform would get, options included', () => {
    const issues = garbledTextIssues(
      {
        categories: [{ ext_id: 'c', name: 'Drinks', description: 'Cold\u0000' }],
        products: [
          {
            ext_id: 'p',
            name: 'Tea',
            options: [
              {
                ext_id: 'o',
                name: 'Size',
                option_values: [
                  { ext_id: 'v1', name: 'Large' },
                  { ext_id: 'v2', name: 'Gro\uFFFDe', short_name: 'G\uFFFD\u0000' },
                ],
              },
            ],
          },
        ],
      },
      'menu.csv',
    );
    expect(issues.map((issue) => [issue.location.path, issue.message.split(' and would')[0]])).toEqual([
      ['$.categories[0].description', 'description of "c" holds NUL'],
      ['$.products[0].options[0].option_values[1].name', 'name of "v2" holds U+FFFD'],
      ['$.products[0].options[0].option_values[1].short_name', 'short_name of "v2" holds U+FFFD and NUL'],
    ]);
  });
});
