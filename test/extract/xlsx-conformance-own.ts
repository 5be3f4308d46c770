import { cell, row, type WorkbookSpec } from '../helpers/xlsx-workbook.js';
import type { ExpectedCell } from './xlsx-conformance-exceptions.js';

/** One of our own workbooks: the shape it holds, and its first sheet as openpyxl 3.1.5 reads it. */
export interface OwnWorkbook {
  about: string;
  spec: WorkbookSpec;
  rows: { row: number; cells: (ExpectedCell | null)[] }[];
}

const s = (v: string): ExpectedCell => ({ t: 's', v });
const n = (v: number): ExpectedCell => ({ t: 'n', v });
const HEADER = ['<si><t>Name</t></si>', '<si><t>Size</t></si>', '<si><t>Latte</t></si>'];

/**
 * Cell shapes real writers produce that SheetJS's corpus lacks (issue 36 §1), built here part by
 * part (test/helpers/xlsx-workbook.ts) so no binary is committed. Each `rows` was read from the
 * built file with openpyxl 3.1.5 (`load_workbook(data_only=True)`), as the corpus's expected files
 * were.
 */
export const OWN_WORKBOOKS: Record<string, OwnWorkbook> = {
  'shared-string-empty-index.xlsx': {
    about:
      'shared-string cells whose <v> is empty (<v/>, <v></v>): empty cells, never shared string 0 ("Name")',
    spec: {
      contentTypes: true,
      sheets: [
        {
          name: 'Items',
          rows:
            row(1, cell.shared('A1', 0), cell.shared('B1', 1)) +
            row(2, cell.shared('A2', 2), '<c r="B2" t="s"><v/></c>') +
            row(3, '<c r="A3" t="s"><v></v></c>', cell.number('B3', 3.5)),
        },
      ],
      sharedStrings: HEADER,
    },
    rows: [
      { row: 1, cells: [s('Name'), s('Size')] },
      { row: 2, cells: [s('Latte')] },
      { row: 3, cells: [null, n(3.5)] },
    ],
  },
  'inline-string-with-value.xlsx': {
    about:
      'inline-string cells that also carry a <v>, before or after the <is>: the inline string is the value',
    spec: {
      contentTypes: true,
      sheets: [
        {
          name: 'Items',
          rows:
            row(1, cell.inline('A1', 'Name'), cell.inline('B1', 'Size'), cell.inline('C1', 'Note')) +
            row(
              2,
              '<c r="A2" t="inlineStr"><v>1.0</v><is><t>1.</t></is></c>',
              '<c r="B2" t="inlineStr"><is><t>2.</t></is><v>2.0</v></c>',
              '<c r="C2" t="inlineStr"><v>3</v></c>',
            ),
        },
      ],
    },
    rows: [
      { row: 1, cells: [s('Name'), s('Size'), s('Note')] },
      { row: 2, cells: [s('1.'), s('2.')] },
    ],
  },
  'empty-value-of-every-type.xlsx': {
    about: 'an empty <v/> in boolean, error, formula-string, number and date cells: empty cells',
    spec: {
      contentTypes: true,
      sheets: [
        {
          name: 'Items',
          rows:
            row(1, cell.inline('A1', 'Name')) +
            row(
              2,
              '<c r="A2" t="b"><v/></c>',
              '<c r="B2" t="e"><v/></c>',
              '<c r="C2" t="str"><f>""</f><v></v></c>',
              '<c r="D2"><v/></c>',
              '<c r="E2" t="d"><v/></c>',
              cell.number('F2', 1),
            ),
        },
      ],
    },
    rows: [
      { row: 1, cells: [s('Name')] },
      { row: 2, cells: [null, null, null, null, null, n(1)] },
    ],
  },
};
