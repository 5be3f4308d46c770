import { readFile } from 'node:fs/promises';
import { assertReadableFile, inputError } from '../file-access.js';
import { inputLimits } from '../input-limits.js';
import type { DocumentSource, ReadOptions } from '../types.js';
import { parseJson } from './parse-json.js';

/** JSON exports are menus, not ledgers: a few MB at most, so the whole document is read at once. */
export async function readJson(file: string, options: ReadOptions = {}): Promise<DocumentSource> {
  await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw inputError(file, error);
  }
  return { kind: 'document', file, document: parseJson(text, file), issues: [] };
}
