import { jsonMayHoldInvisible } from '../../model/invisible-characters.js';
import { overrideMismatch } from '../csv/detect-encoding.js';
import { readWholeInput } from '../file-access.js';
import type { DataIssue } from '../../model/data-issue.js';
import type { DocumentSource, ReadOptions } from '../types.js';
import { decodeJson, invalidUtf8Issues } from './decode-json.js';
import { keepInexactNumbers } from './inexact-numbers.js';
import { parseJson } from './parse-json.js';

/** JSON exports are menus, not ledgers: a few MB at most, so the whole document is read at once. */
export async function readJson(file: string, options: ReadOptions = {}): Promise<DocumentSource> {
  const bytes = await readWholeInput(file, options);
  const { text, encoding, reason, faults } = decodeJson(bytes, file, options);
  const document = parseJson(text, file);
  const inexactNumbers = keepInexactNumbers(text, document);
  // Located after parsing: the paths are only meaningful in a document that parses.
  const issues =
    faults.length > 0 ? invalidUtf8Issues(text, faults, file, { encodingName: options.encodingName }) : [];
  if (options.encoding !== undefined)
    issues.push(...overrideMismatch(file, bytes.subarray(0, 64 * 1024), { encoding, reason, bomLength: 0 }));
  return documentSource(file, document, { text, encoding, reason }, issues, inexactNumbers);
}

/**
 * The DocumentSource of a decoded text and the document parsed from it (a JSON file, the JSON-LD of
 * an HTML page): whether the text may hold invisible characters is known from the text.
 */
export function documentSource(
  file: string,
  document: unknown,
  decoded: { text: string; encoding: string; reason: string },
  issues: DataIssue[],
  inexactNumbers: ReadonlyMap<string, string>,
): DocumentSource {
  const garbled = jsonMayHoldInvisible(decoded.text);
  return {
    kind: 'document',
    file,
    document,
    encoding: decoded.encoding,
    encodingReason: decoded.reason,
    issues,
    textMayBeGarbled: () => garbled,
    ...(inexactNumbers.size > 0 ? { inexactNumbers } : {}),
  };
}
