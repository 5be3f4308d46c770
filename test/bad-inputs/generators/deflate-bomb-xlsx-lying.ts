import { writeFile } from 'node:fs/promises';
import { headerSheet, sharedStringsBomb, workbookParts, zip } from './deflate-bomb-xlsx.js';

/** The bomb, but its zip claims the shared strings are 1,000 bytes: only counting stops it. */
export async function generate(tmp: string): Promise<void> {
  await writeFile(`${tmp}/bomb.xlsx`, zip(workbookParts(headerSheet(), sharedStringsBomb(undefined, 1000))));
}
