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
