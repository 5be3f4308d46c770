const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * A quote csv-parse read in relaxed mode (`relax_quotes`), which keeps it as text:
 * `stray`: a quote inside a cell that does not start with one (`12" Pizza`), accepted as Python's
 * csv module and PapaParse accept it; `space-after-closing`: a quoted cell's closing quote followed
 * by spaces or tabs, then the delimiter or the end of the line (`"B" ,`), which PapaParse reads as
 * `B`; `bad-closing`: a closing quote followed by anything else (`"Cappuccino" grande`), where the
 * cell's end cannot be known.
 */
export interface QuoteProblem {
  kind: 'stray' | 'space-after-closing' | 'bad-closing';
  /** 0-based cell index in the record. */
  cell: number;
  /** Line breaks between the start of the bytes and the quote. */
  linesBefore: number;
  /** The character after a bad closing quote, for the message. */
  next?: string;
}

/**
 * The quotes of one record's raw bytes that RFC 4180 does not allow, with their cells. Only called
 * for a record with a quote in a cell, so a file without stray quotes pays nothing here. The bytes
 * may start with blank lines csv-parse skipped before the record. UTF-8 bytes: the delimiter, the
 * quote and line breaks are ASCII and never part of a multi-byte sequence.
 */
export function quoteProblems(bytes: Uint8Array, delimiter: number): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  let cell = 0;
  let lines = 0;
  let atCellStart = true;
  let quoted = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (quoted) {
      if (byte === QUOTE) {
        const next = bytes[i + 1];
        if (next === QUOTE) i++;
        else {
          quoted = false;
          const after = skipSpaces(bytes, i + 1, delimiter);
          const end = bytes[after];
          // Then `next` is a byte too (`end` is at or after it), shown as what follows the quote.
          if (end !== undefined && end !== delimiter && end !== CR && end !== LF) {
            problems.push({
              kind: 'bad-closing',
              cell,
              linesBefore: lines,
              next: String.fromCharCode(next as number),
            });
          } else if (after > i + 1) {
            problems.push({ kind: 'space-after-closing', cell, linesBefore: lines });
            i = after - 1;
          }
        }
      } else if (byte === LF || (byte === CR && bytes[i + 1] !== LF)) lines++;
      continue;
    }
    if (byte === QUOTE) {
      if (atCellStart) quoted = true;
      else problems.push({ kind: 'stray', cell, linesBefore: lines });
      atCellStart = false;
    } else if (byte === delimiter) {
      cell++;
      atCellStart = true;
    } else if (byte === LF || byte === CR) {
      // Only blank lines before the record: its own end is the last byte.
      if (byte === LF || bytes[i + 1] !== LF) lines++;
      cell = 0;
      atCellStart = true;
    } else atCellStart = false;
  }
  return problems;
}

/** The index of the first byte from `from` that is not a space or a tab (a tab delimiter is not skipped). */
function skipSpaces(bytes: Uint8Array, from: number, delimiter: number): number {
  let i = from;
  for (let byte = bytes[i]; (byte === SPACE || byte === TAB) && byte !== delimiter; byte = bytes[++i]);
  return i;
}
