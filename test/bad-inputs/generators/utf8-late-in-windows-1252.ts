import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The row that holds UTF-8 in the generated export. */
export const UTF8_ROW = 29_991;

/**
 * `mixed.csv`: a demo-format export of 30,000 rows in Windows-1252 ("Café" as 0xE9 on row 2),
 * with UTF-8 text ("Café late", 0xC3 0xA9) appended on row 29,991, far past the detection sample:
 * read as Windows-1252 alone it would go live as "CafÃ© late".
 */
export async function generate(tmp: string): Promise<void> {
  const header = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n';
  const parts: Buffer[] = [Buffer.from(header, 'latin1')];
  for (let row = 2; row <= 30_000; row++) {
    const name = row === 2 ? 'Café noir' : row === UTF8_ROW ? 'Café late' : `Item ${row}`;
    const line = `item-${row},${name},Coffee,,,${(2 + (row % 50) / 10).toFixed(2)},Y,N\n`;
    parts.push(Buffer.from(line, row === UTF8_ROW ? 'utf8' : 'latin1'));
  }
  await writeFile(path.join(tmp, 'mixed.csv'), Buffer.concat(parts));
}
