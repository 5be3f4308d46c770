import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Rows of the generated export; the stray byte sits on the last one, far past the 64 KB sample. */
export const ROWS = 40_000;

/**
 * `late.csv`: a demo-format UTF-8 export of ROWS products (~2 MB) whose only non-UTF-8 byte, a
 * Windows-1252 "’" (0x92), is on the last row: detection sees only the first 64 KB, so the byte is
 * found while the file streams, and must still be an error naming its row and column.
 */
export async function generate(tmp: string): Promise<void> {
  const lines = ['Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""'];
  for (let i = 1; i < ROWS; i++)
    lines.push(`item-${i},Crème ${i},Café,,,${(2 + (i % 50) / 10).toFixed(2)},Y,N`);
  const head = Buffer.from(`${lines.join('\n')}\nlast,Chef`, 'utf8');
  const tail = Buffer.from('s special,Café,,,4.00,Y,N\n', 'utf8');
  await writeFile(path.join(tmp, 'late.csv'), Buffer.concat([head, Buffer.from([0x92]), tail]));
}
