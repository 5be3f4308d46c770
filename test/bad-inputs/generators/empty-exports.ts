import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Exports of no bytes at all, one per reader (CSV, .xlsx, JSON), written into {tmp} as the case runs. */
export async function generate(tmp: string): Promise<void> {
  for (const name of ['items.csv', 'items.xlsx', 'menu.json']) await writeFile(path.join(tmp, name), '');
}
