const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The bytes given to csv-parse since the end of the last record it returned, with the physical line
 * where they start. csv-parse reports an error at the byte offset of the last field boundary and at
 * the line where it noticed the problem; these bytes let us say where the bad field itself starts
 * (an unclosed quote is found only at the end of the file) and where reading can resume. Whole
 * chunks are dropped once a record ends past them, so the window holds the unfinished record only.
 */
export class ByteWindow {
  private chunks: Buffer[] = [];
  /** Offset (in the bytes fed since the start of the file) of `chunks[0]`'s first byte. */
  private start = 0;
  /** An offset where a line starts, and its physical line number. */
  private anchor = 0;
  private anchorLine = 1;

  /** Where the last record ended (the bytes after it are the unfinished record), and its line. */
  get recordEnd(): number {
    return this.anchor;
  }

  get recordEndLine(): number {
    return this.anchorLine;
  }

  append(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** A record ended at `offset`, where physical line `line` starts; earlier bytes are not needed. */
  recordEnded(offset: number, line: number): void {
    this.anchor = offset;
    this.anchorLine = line;
    while (this.chunks.length > 1 && this.start + this.chunks[0]!.length <= offset) {
      this.start += this.chunks.shift()!.length;
    }
  }

  /** The bytes from `offset` to the end of what was appended. */
  from(offset: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, offset - this.start));
  }

  /** The offset of the first `"` at or after `offset`, if the window holds one. */
  quoteAt(offset: number): number | undefined {
    const at = this.from(offset).indexOf(QUOTE);
    return at === -1 ? undefined : offset + at;
  }

  /** The physical line of the byte at `offset` (CRLF, CR and LF each end one line). */
  lineAt(offset: number): number {
    const bytes = this.from(this.anchor).subarray(0, Math.max(0, offset - this.anchor));
    let line = this.anchorLine;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte === LF) line++;
      else if (byte === CR) {
        line++;
        if (bytes[i + 1] === LF) i++;
      }
    }
    return line;
  }

  /** The physical line of the last byte that is not a line break (the last line with text). */
  lastLine(): number {
    const bytes = this.from(this.anchor);
    let end = bytes.length;
    while (end > 0 && (bytes[end - 1] === CR || bytes[end - 1] === LF)) end--;
    return this.lineAt(this.anchor + end);
  }
}
