import { utf8MayHoldInvisible } from '../../model/invisible-characters.js';
import type { ChunkDecoder } from './decode-chunks.js';

const TAB = 0x09;
const BOM_LENGTH = 3;

/**
 * Tells `onFlag` when the text handed to the parser may hold NUL, U+FFFD, a control or an
 * invisible format character (one native scan per 64 KB chunk, none once told), so extract can
 * skip looking for them in a clean file's menu. A TAB counts unless it is the delimiter; line
 * breaks inside cells are the parser's to tell. The byte-order mark at the start does not count.
 * A U+FFFD split across two chunks of a UTF-8 file is one of the UTF-8 check's faults instead.
 */
export function watchText(inner: ChunkDecoder, delimiter: string, onFlag: () => void): ChunkDecoder {
  let flagged = false;
  let first = true;
  const tabCounts = delimiter !== '\t';
  const check = (text: Buffer | undefined): Buffer | undefined => {
    if (flagged || text === undefined) return text;
    const from = first && text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? BOM_LENGTH : 0;
    first = false;
    if (utf8MayHoldInvisible(text, from) || (tabCounts && text.indexOf(TAB) !== -1)) {
      flagged = true;
      onFlag();
    }
    return text;
  };
  return {
    decode: (chunk) => check(inner.decode(chunk)) as Buffer,
    flush: () => check(inner.flush()),
  };
}
