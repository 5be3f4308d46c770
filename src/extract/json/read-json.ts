import { readFile } from 'node:fs/promises';
import { inputError } from '../file-access.js';
import type { DocumentSource } from '../types.js';
import { parseJson } from './parse-json.js';

/** JSON exports are menus, not ledgers: a few MB at most, so the whole document is read at once. */
export async function readJson(file: string): Promise<DocumentSource> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw inputError(file, error);
  }
  return { kind: 'document', file, document: parseJson(text, file), issues: [] };
}
