import { writeFile } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';

// Builds hostile .xlsx files in memory without inflating them: a deflate bomb is one compressed
// segment (flushed to a byte boundary, so it does not depend on what precedes it) repeated, then
// an empty final block. A ~5 MB file inflates to ~2 GB of `<si><t>a</t></si>`.

export interface ZipPart {
  name: string;
  /** The compressed bytes (raw deflate) and what they inflate to. */
  deflated: Buffer;
  size: number;
  crc: number;
  /** What the central directory claims (a liar states less than `size`). */
  declaredSize?: number;
  /** 8 deflated (the default), 0 stored: `deflated` then holds the bytes as they are. */
  method?: 0 | 8;
}

export function part(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** A part stored uncompressed (method 0), as some writers store small parts. */
export function storedPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text, 'utf8');
  return { name, deflated: bytes, size: bytes.length, crc: crc32(bytes), method: 0 };
}

/** `head`, then `unit` repeated `count` times (count a multiple of `perSegment`), then `tail`. */
export function bombPart(
  name: string,
  pieces: { head: string; unit: string; count: number; tail: string; perSegment?: number },
): ZipPart {
  const perSegment = pieces.perSegment ?? 65_536;
  const head = Buffer.from(pieces.head);
  const tail = Buffer.from(pieces.tail);
  const segment = Buffer.from(pieces.unit.repeat(perSegment));
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const segments = pieces.count / perSegment;
  const compressedSegment = flushed(segment);
  let crc = crc32(head);
  for (let i = 0; i < segments; i++) crc = crc32(segment, crc);
  crc = crc32(tail, crc);
  const deflated = Buffer.concat([
    flushed(head),
    ...Array.from({ length: segments }, () => compressedSegment),
    deflateRawSync(tail),
  ]);
  return { name, deflated, size: head.length + segment.length * segments + tail.length, crc };
}

/** A zip of deflated parts, with local headers, a central directory and its end record. */
export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method ?? 8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.method ?? 8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook needs around a sheet (and shared strings). */
export function workbookParts(sheetXml: ZipPart, sharedStrings?: ZipPart): ZipPart[] {
  return [
    part(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheetXml,
    ...(sharedStrings ? [sharedStrings] : []),
  ];
}

export const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SHARED_HEAD = `${XML}<sst xmlns="${MAIN}">`;

/** A header row that names shared strings 0 and 1 (so exceljs would need the whole table). */
export function headerSheet(): ZipPart {
  return part(
    'xl/worksheets/sheet1.xml',
    `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>${SHEET_TAIL}`,
  );
}

/**
 * The file: ~120 million one-letter shared strings, ~2 GB inflated. `declaredSize`
 * (when given) is what the zip claims, to test that inflating is counted, not trusted.
 */
export function sharedStringsBomb(count = 120_061_952, declaredSize?: number): ZipPart {
  const bomb = bombPart('xl/sharedStrings.xml', {
    head: SHARED_HEAD,
    unit: '<si><t>a</t></si>',
    count,
    tail: '</sst>',
  });
  return declaredSize === undefined ? bomb : { ...bomb, declaredSize };
}

/** The bomb as the issue saw it: sizes stated truthfully. */
export async function generate(tmp: string): Promise<void> {
  await writeFile(`${tmp}/bomb.xlsx`, zip(workbookParts(headerSheet(), sharedStringsBomb())));
}
