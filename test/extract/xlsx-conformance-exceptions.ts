/** A cell as openpyxl read it (../shared/peer-suites/README.md). */
export interface ExpectedCell {
  t: 's' | 'n' | 'b' | 'd' | 'td' | 'e';
  v: string | number | boolean;
}

/** Rows of one workbook where openpyxl's reading is not what Excel shows, and why. */
export interface OpenpyxlMistake {
  rows: number[];
  why: string;
}

const A_P =
  'format "A/P" alone: Excel shows the half of the day ("A" or "P"), a time format like "AM/PM"; ' +
  'openpyxl finds no d/m/y/h/s letter in it and reads a plain number (yet reads "AM/PM" as a date, for its "M")';

/**
 * Where openpyxl is wrong, case by case; every other cell of every file it read must agree. Each
 * listed row must still differ (a fixed reader or corpus makes the entry fail, not rot).
 */
export const OPENPYXL_IS_WRONG: Record<string, OpenpyxlMistake[]> = {
  'LONumbers.xlsx': [
    {
      rows: [15, 16, 17, 24, 25],
      why:
        'formats "[HH]", "[H]", "[S]", "[SS]": elapsed hours and seconds, durations in Excel, whose format ' +
        'codes are case-insensitive; openpyxl matches only lower-case "[h]"/"[s]" and reads plain numbers',
    },
    { rows: [34, 36], why: A_P },
  ],
  'LONumbers-2010.xlsx': [{ rows: [34, 36], why: A_P }],
  'LONumbers-2011.xlsx': [{ rows: [34, 36], why: A_P }],
  'crlf_crlf.xlsx': [
    {
      rows: [2],
      why:
        'the string "abc_x000D_\\ndef": `_x000D_` is Excel\'s escape for a carriage return (ECMA-376 ' +
        'ST_Xstring), shown as a line break; openpyxl leaves the escape as text',
    },
  ],
};

/**
 * The files openpyxl could not read (`ok: false`), with cells of our reading checked by hand
 * against their sheet XML: row -> the row's cells from column A.
 */
export const OPENPYXL_FAILED: Record<string, { rows: number; cells: Record<number, unknown[]> }> = {
  // openpyxl fails on its pivot cache; the sheet itself is plain.
  'pivot_table_named_range.xlsx': {
    rows: 14,
    cells: {
      1: ['Foo', '(Multiple Items)'],
      4: ['Row Labels', 10, 14, 18, 22, 26, 30, 34, 38, 'Grand Total'],
    },
  },
  // Strict Open XML (other namespaces): CODE() results cached as numbers.
  'sheet_visibility_strict.xlsx': {
    rows: 2,
    cells: { 1: ['v', 'i', 's', 'i', 'b', 'l', 'e'], 2: [118, 105, 115, 105, 98, 108, 101] },
  },
  // The workbook part is wtf/workbook.xml, named by _rels/.rels (not xl/); C2's formula has no cached value.
  'wtf_path.xlsx': {
    rows: 6,
    cells: {
      1: [1, 2, 3],
      2: [true, false, null, 'sheetjs'],
      3: ['foo    bar', 'baz', '2014-02-19T10:30:00.000Z', '0.3'],
    },
  },
  // Inline strings with entities, a t="d" ISO date, format 18 (h:mm AM/PM) on 1.5, format 46 ([h]:mm:ss).
  'xlsx-stream-d-date-cell.xlsx': {
    rows: 13,
    cells: {
      1: ['String', 'てすと', '&\'";<>', '&amp;'],
      4: ['Boolean', true, false],
      5: ['Date', '2014-02-14T08:27:48.765Z'],
      7: ['Time Built-in format #18', '1900-01-01T12:00:00.000Z'],
      10: ['Duration 36 hours format #46', 'PT36H'],
      11: ['Formula', 'String1'],
    },
  },
};
