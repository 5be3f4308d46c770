import { createHash } from 'node:crypto';
import type { ImportProduct } from '../../model/import-payload.js';
import { LINES_FORMAT_VERSION, MENU_KEY, type SnapshotLines } from '../snapshot-lines.js';

const LINES_PREFIX = `{"formatVersion":${LINES_FORMAT_VERSION},`;
const PRODUCTS_OPEN = '"products":[';
const TAIL = ']}}';

/**
 * snapshot-lines.ts readLinesFrom over pieces that pg hands over as text (read with convert_from):
 * the same layout rules and the same hash (sha256 of the UTF-8 bytes without line breaks), but the
 * lines are cut from the strings, so the ~130 MB of a 100k-product snapshot is not turned back
 * into bytes and then into strings again (a tenth of the read, and its garbage).
 */
export async function readTextLines(
  pieces: AsyncIterable<string>,
  parse: (text: string, line: number) => ImportProduct,
): Promise<SnapshotLines | undefined> {
  const hash = createHash('sha256');
  const products: ImportProduct[] = [];
  let head: string | undefined;
  let complete = false;
  let lineNo = 0;
  let otherLayout = false;

  const onLine = (line: string): boolean => {
    lineNo++;
    if (head === undefined) {
      head = line;
      const at = line.indexOf(MENU_KEY);
      if (!line.startsWith(LINES_PREFIX) || at < 0 || !line.endsWith(PRODUCTS_OPEN)) {
        otherLayout = true;
        return false;
      }
      hash.update(line.slice(at + MENU_KEY.length));
      return true;
    }
    if (complete) {
      // Nothing but the final line break may follow the tail, as in the file.
      if (line.length === 0) return true;
      complete = false;
      return false;
    }
    if (line === TAIL) {
      hash.update(']}');
      complete = true;
      return true;
    }
    hash.update(line);
    products.push(parse(line.endsWith(',') ? line.slice(0, -1) : line, lineNo));
    return true;
  };

  // The unfinished line's parts, joined once its end is found.
  let carry: string[] = [];
  let stopped = false;
  outer: for await (const piece of pieces) {
    let start = 0;
    let nl = piece.indexOf('\n');
    while (nl >= 0) {
      const part = piece.slice(start, nl);
      const line = carry.length === 0 ? part : carry.join('') + part;
      carry = [];
      if (!onLine(line)) {
        stopped = true;
        break outer;
      }
      start = nl + 1;
      nl = piece.indexOf('\n', start);
    }
    if (start < piece.length) carry.push(piece.slice(start));
  }
  if (!stopped && carry.length > 0) onLine(carry.join(''));
  if (otherLayout || head === undefined) return undefined;
  return { head, products, bytesHash: hash.digest('hex'), complete };
}
