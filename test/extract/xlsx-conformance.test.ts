import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inputLimits } from '../../src/extract/input-limits.js';
import { openSheet } from '../../src/extract/xlsx/open-sheet.js';
import { sheetRowBatches } from '../../src/extract/xlsx/sheet-row-batches.js';
import type { SheetRow } from '../../src/extract/xlsx/sheet-rows.js';
import type { CellValue } from '../../src/extract/types.js';
import { buildWorkbook } from '../helpers/xlsx-workbook.js';
import { OPENPYXL_FAILED, OPENPYXL_IS_WRONG, type ExpectedCell } from './xlsx-conformance-exceptions.js';
import { OWN_WORKBOOKS } from './xlsx-conformance-own.js';
import { tempDir } from './helpers.js';

// SheetJS's public test workbooks, each compared cell by cell with openpyxl's reading of its first
// sheet (../shared/peer-suites/README.md). Third-party files: read in place, never copied.
const SUITE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/peer-suites/sheetjs-xlsx',
);
const present = existsSync(path.join(SUITE, 'files'));
if (!present) console.warn(`Skipping the workbook conformance test: ${SUITE} is absent`);

interface Expected {
  ok: boolean;
  error?: string;
  sheets: string[];
  sheet: string;
  epoch1904: boolean;
  merged: string[];
  rows: { row: number; cells: (ExpectedCell | null)[] }[];
}

const files = present ? readdirSync(path.join(SUITE, 'files')).sort() : [];
const expected = (file: string): Expected =>
  JSON.parse(readFileSync(path.join(SUITE, 'expected', `${file}.json`), 'utf8')) as Expected;

/** Seconds in an ISO 8601 duration as cell-value.ts writes it (`-PT36H30M1.5S`). */
function durationSeconds(text: string): number | undefined {
  const match = /^(-?)PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(text);
  if (!match) return undefined;
  const [, sign, h = '0', m = '0', s = '0'] = match;
  return (sign ? -1 : 1) * (Number(h) * 3600 + Number(m) * 60 + Number(s));
}

/** Why our cell differs from openpyxl's, or undefined when they agree. */
function difference(ours: CellValue, errorCell: boolean, want: ExpectedCell | null): string | undefined {
  const shown = `${JSON.stringify(ours)}${errorCell ? ' (error)' : ''} vs openpyxl ${JSON.stringify(want)}`;
  if (want === null) return (ours === null || ours === '') && !errorCell ? undefined : shown;
  switch (want.t) {
    case 's':
    case 'b':
    case 'd':
      return ours === want.v && !errorCell ? undefined : shown;
    case 'n':
      return typeof ours === 'number' && ours === want.v ? undefined : shown;
    case 'e':
      return ours === want.v && errorCell ? undefined : shown;
    case 'td': {
      const seconds = typeof ours === 'string' ? durationSeconds(ours) : undefined;
      return seconds !== undefined && Math.abs(seconds - Number(want.v)) < 0.002 ? undefined : shown;
    }
  }
}

async function readRaw(
  file: string,
  sheet: string | number,
): Promise<{ rows: SheetRow[]; merged: string[] }> {
  const limits = inputLimits(undefined);
  const size = readFileSync(file).length;
  const open = await openSheet(file, size, sheet, limits);
  const rows: SheetRow[] = [];
  for await (const batch of sheetRowBatches(open, limits)) rows.push(...batch);
  const letters = (n: number): string =>
    (n > 26 ? letters(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));
  const merged = open.merges.map((m) => `${letters(m.left)}${m.top}:${letters(m.right)}${m.bottom}`);
  return { rows, merged };
}

/** Every cell that differs, as `row:column ours vs openpyxl` lines. */
function compare(rows: SheetRow[], want: Expected['rows']): string[] {
  const byRow = new Map(rows.map((row) => [row.row, row]));
  const out: string[] = [];
  const numbers = new Set([...byRow.keys(), ...want.map((row) => row.row)]);
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const ours = byRow.get(number);
    const theirs = want.find((row) => row.row === number)?.cells ?? [];
    const width = Math.max(ours?.cells.length ?? 0, theirs.length);
    for (let column = 0; column < width; column++) {
      const why = difference(
        ours?.cells[column] ?? null,
        ours?.errors?.includes(column) ?? false,
        theirs[column] ?? null,
      );
      if (why) out.push(`${number}:${column + 1} ${why}`);
    }
  }
  return out;
}

describe.skipIf(!present)('workbooks of the SheetJS test corpus read as openpyxl reads them', () => {
  it.each(files)('%s', async (name) => {
    const want = expected(name);
    const file = path.join(SUITE, 'files', name);
    if (!want.ok) {
      // openpyxl could not read it (its `error`): ours reads the first sheet, checked by hand.
      const { rows } = await readRaw(file, 1);
      const own = OPENPYXL_FAILED[name];
      expect(own, 'a hand-checked reading in OPENPYXL_FAILED').toBeDefined();
      expect(rows).toHaveLength(own?.rows ?? -1);
      for (const [row, cells] of Object.entries(own?.cells ?? {}))
        expect(rows.find((each) => each.row === Number(row))?.cells, `row ${row}`).toEqual(cells);
      return;
    }
    const { rows, merged } = await readRaw(file, want.sheet);
    const mistakes = OPENPYXL_IS_WRONG[name] ?? [];
    const excused = new Set(mistakes.flatMap((mistake) => mistake.rows));
    const differences = compare(rows, want.rows);
    expect(differences.filter((line) => !excused.has(Number(line.split(':')[0])))).toEqual([]);
    const differing = new Set(differences.map((line) => Number(line.split(':')[0])));
    expect(
      [...excused].filter((row) => !differing.has(row)),
      'rows listed as openpyxl mistakes',
    ).toEqual([]);
    expect([...merged].sort()).toEqual([...want.merged].sort());
  });
});

describe('our own workbooks, of cell shapes the corpus lacks, read as openpyxl reads them', () => {
  const write = tempDir();
  it.each(Object.keys(OWN_WORKBOOKS))('%s', async (name) => {
    const own = OWN_WORKBOOKS[name]!;
    const { rows } = await readRaw(write(name, buildWorkbook(own.spec)), 1);
    expect(compare(rows, own.rows), own.about).toEqual([]);
  });
});
