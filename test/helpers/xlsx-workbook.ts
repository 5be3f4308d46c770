import {
  part as deflatedPart,
  storedPart,
  zip,
  type ZipPart,
} from '../bad-inputs/generators/deflate-bomb-xlsx.js';

// Builds small .xlsx files part by part, so a test can hold exactly the XML that real writers
// produce (phonetic runs, cached formula results, the 1904 date system, the order of parts in
// the zip) without committing a binary or depending on a writer that cannot express them.

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export interface WorkbookSpec {
  /** Each sheet's name and the `<row>` elements of its `<sheetData>`. */
  /** `prolog`: what comes between the XML declaration and `<worksheet>` (a DTD, say). */
  sheets: { name: string; rows: string; after?: string; prolog?: string }[];
  /** `<si>` elements, as written (rich text, phonetic runs and all). */
  sharedStrings?: string[];
  /** Custom number formats by id (164 and up), and the numFmtId of each cell style (`s` index). */
  numFmts?: Record<number, string>;
  cellXfs?: number[];
  date1904?: boolean;
  /** Where xl/sharedStrings.xml goes in the zip: after the sheets (as many writers put it) or first. */
  sharedStringsFirst?: boolean;
  /** Every part stored uncompressed (zip method 0) instead of deflated. */
  stored?: boolean;
  /**
   * With `[Content_Types].xml`: menusync does not read it, but Excel and openpyxl need it to open
   * the file (off by default, so the committed workbooks built here keep their bytes).
   */
  contentTypes?: boolean;
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The workbook as the bytes of an .xlsx file. */
export function buildWorkbook(spec: WorkbookSpec): Buffer {
  const part = spec.stored ? storedPart : deflatedPart;
  const sheets = spec.sheets.map((sheet, i) =>
    part(
      `xl/worksheets/sheet${i + 1}.xml`,
      `${XML}${sheet.prolog ?? ''}<worksheet xmlns="${MAIN}"><sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`,
    ),
  );
  const shared = spec.sharedStrings
    ? [part('xl/sharedStrings.xml', `${XML}<sst xmlns="${MAIN}">${spec.sharedStrings.join('')}</sst>`)]
    : [];
  const formats = Object.entries(spec.numFmts ?? {})
    .map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escape(code)}"/>`)
    .join('');
  const xfs = (spec.cellXfs ?? [0]).map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0"/>`);
  const styles = part(
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><numFmts>${formats}</numFmts><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs></styleSheet>`,
  );
  const sheetList = spec.sheets
    .map((sheet, i) => `<sheet name="${escape(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  const rels = spec.sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('');
  const n = spec.sheets.length;
  const overrides = [
    ['/xl/workbook.xml', 'sheet.main'],
    ...spec.sheets.map((_, i) => [`/xl/worksheets/sheet${i + 1}.xml`, 'worksheet']),
    ['/xl/styles.xml', 'styles'],
    ...(spec.sharedStrings ? [['/xl/sharedStrings.xml', 'sharedStrings']] : []),
  ]
    .map(([name, type]) => `<Override PartName="${name}" ContentType="${CONTENT_TYPE}.${type}+xml"/>`)
    .join('');
  const parts: ZipPart[] = [
    ...(spec.contentTypes
      ? [
          part(
            '[Content_Types].xml',
            `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
          ),
        ]
      : []),
    part(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">${spec.date1904 ? '<workbookPr date1904="1"/>' : '<workbookPr/>'}<sheets>${sheetList}</sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PACKAGE_REL}">${rels}<Relationship Id="rId${n + 1}" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId${n + 2}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    ...(spec.sharedStringsFirst ? shared : []),
    ...sheets,
    styles,
    ...(spec.sharedStringsFirst ? [] : shared),
  ];
  return zip(parts);
}

/** `<c>` helpers for rows: a shared string, an inline string, a number with an optional style. */
export const cell = {
  shared: (ref: string, index: number): string => `<c r="${ref}" t="s"><v>${index}</v></c>`,
  inline: (ref: string, text: string): string =>
    `<c r="${ref}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`,
  number: (ref: string, value: number, style?: number): string =>
    `<c r="${ref}"${style === undefined ? '' : ` s="${style}"`}><v>${value}</v></c>`,
};

export const row = (n: number, ...cells: string[]): string => `<row r="${n}">${cells.join('')}</row>`;
