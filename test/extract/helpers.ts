import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { Source, TableRecord, TableSource } from '../../src/extract/types.js';

/** ../shared/pos-samples relative to the repository root (read-only, third-party, never copied). */
export const SAMPLES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/pos-samples',
);

/** A temp directory for this test file, removed when its tests are done. */
export function tempDir(): (name: string, content: string | Uint8Array) => string {
  const dir = mkdtempSync(path.join(tmpdir(), 'menusync-extract-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (name, content) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
}

export function asTable(source: Source): TableSource {
  if (source.kind !== 'table') throw new Error(`expected a table source, got ${source.kind}`);
  return source;
}

export async function readAll(source: Source): Promise<TableRecord[]> {
  const records: TableRecord[] = [];
  for await (const record of asTable(source).records) records.push(record);
  return records;
}

/** MacRoman bytes for the few accented letters the tests use (Apple's MacRoman table). */
const MAC_ROMAN: Record<string, number> = {
  â: 0x89,
  é: 0x8e,
  è: 0x8f,
  ñ: 0x96,
  ü: 0x9f,
  ö: 0x9a,
  ç: 0x8d,
  à: 0x88,
};
/** Windows-1252 bytes: Latin-1 letters plus the curly quote and euro sign at 0x80-0x9F. */
const CP1252: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };

function singleByte(text: string, table: Record<string, number>): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = table[char] ?? char.charCodeAt(0);
      if (code > 0xff) throw new Error(`no byte for ${char}`);
      return code;
    }),
  );
}

export const macRoman = (text: string): Buffer => singleByte(text, MAC_ROMAN);
export const windows1252 = (text: string): Buffer => singleByte(text, CP1252);

export function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] ?? 0, le[i] ?? 0];
  return le;
}
