import { readFile } from 'node:fs/promises';
import { jsonMayHoldInvisible } from '../../model/invisible-characters.js';
import { overrideMismatch } from '../csv/detect-encoding.js';
import { assertReadableFile, inputError } from '../file-access.js';
import { inputLimits } from '../input-limits.js';
import type { DocumentSource, ReadOptions } from '../types.js';
import { decodeJson, invalidUtf8Issues } from './decode-json.js';
import { keepInexactNumbers } from './inexact-numbers.js';
import { parseJson } from './parse-json.js';

/** JSON exports are menus, not ledgers: a few MB at most, so the whole document is read at once. */
export async function readJson(file: string, options: ReadOptions = {}): Promise<DocumentSource> {
  await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw inputError(file, error);
  }
  const { text, encoding, reason, faults } = decodeJson(bytes, file, options);
  const document = parseJson(text, file);
  const inexactNumbers = keepInexactNumbers(text, document);
  // Located after parsing: the paths are only meaningful in a document that parses.
  const issues = faults.length > 0 ? invalidUtf8Issues(text, faults, file) : [];
  if (options.encoding !== undefined)
    issues.push(...overrideMismatch(file, bytes.subarray(0, 64 * 1024), { encoding, reason, bomLength: 0 }));
  const garbled = jsonMayHoldInvisible(text);
  return {
    kind: 'document',
    file,
    document,
    encoding,
    encodingReason: reason,
    issues,
    textMayBeGarbled: () => garbled,
    ...(inexactNumbers.size > 0 ? { inexactNumbers } : {}),
  };
}
