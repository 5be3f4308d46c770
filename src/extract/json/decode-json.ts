import { isUtf8 } from 'node:buffer';
import type { DataIssue } from '../../model/data-issue.js';
import { givenEncoding, type CsvEncoding } from '../csv/detect-encoding.js';
import { decodeText } from '../csv/decode-text.js';
import type { ReadOptions } from '../types.js';
import { describeFaults, invalidUtf8Hint, scanUtf8, type Utf8Fault } from '../utf8-faults.js';
import { jsonPathsAt } from './path-at.js';

export interface DecodedJson {
  text: string;
  encoding: CsvEncoding;
  reason: string;
  /** Invalid UTF-8 sequences, in file order, to locate once the document is known to parse. */
  faults: Utf8Fault[];
}

/**
 * JSON is UTF-8 (RFC 8259 section 8.1), so nothing is guessed: the encoding given in the options,
 * else UTF-16 by its byte-order mark, else UTF-8, whose invalid sequences are listed as faults.
 */
export function decodeJson(bytes: Buffer, file: string, options: ReadOptions): DecodedJson {
  let encoding: CsvEncoding = 'utf-8';
  let reason = 'JSON is UTF-8';
  if (options.encoding !== undefined) {
    ({ encoding, reason } = givenEncoding(file, options.encoding, options.encodingOrigin));
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    [encoding, reason] = ['utf-16le', 'UTF-16 LE byte-order mark'];
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    [encoding, reason] = ['utf-16be', 'UTF-16 BE byte-order mark'];
  }
  const faults: Utf8Fault[] = [];
  if (encoding === 'utf-8' && !isUtf8(bytes)) scanUtf8(bytes, 0, (fault) => faults.push(fault));
  return { text: decodeText(bytes, encoding), encoding, reason, faults };
}

/**
 * One located error per invalid sequence: its line and column, its JSON path and its bytes. The
 * decoded text holds one U+FFFD per fault (literal ones included), in the same order.
 */
export function invalidUtf8Issues(
  text: string,
  faults: readonly Utf8Fault[],
  file: string,
  /** `paths: false` for a text that is not one JSON document (an HTML page): line and column only. */
  { paths: withPaths = true, encodingName }: { paths?: boolean; encodingName?: string | undefined } = {},
): DataIssue[] {
  const at: number[] = [];
  let from = 0;
  for (const fault of faults) {
    const found = text.indexOf('\uFFFD', from);
    if (found < 0) break;
    from = found + 1;
    if (!fault.literal) at.push(found);
  }
  const invalid = faults.filter((fault) => !fault.literal);
  const paths = withPaths ? jsonPathsAt(text, at) : [];
  const issues: DataIssue[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  invalid.forEach((fault, k) => {
    const offset = at[k];
    if (offset === undefined) return;
    for (; scanned < offset; scanned++) {
      const code = text.charCodeAt(scanned);
      if (code === 10 || (code === 13 && text.charCodeAt(scanned + 1) !== 10)) {
        line++;
        lineStart = scanned + 1;
      }
    }
    const path = paths[k];
    issues.push({
      code: 'encoding',
      severity: 'error',
      message: `line ${line}, column ${offset - lineStart + 1}: invalid UTF-8 ${describeFaults([fault])} (read as U+FFFD): ${invalidUtf8Hint(encodingName)}`,
      location: { file, ...(path ? { path } : {}) },
    });
  });
  return issues;
}
