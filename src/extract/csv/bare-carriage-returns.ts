const CR = 0x0d;
const LF = 0x0a;

/**
 * Lone CRs in a file whose lines end with LF or CRLF. Every line ending ends a record, but a lone
 * CR among LF lines is more often a stray character in a cell (pasted from an old Mac program)
 * than a line break, so each record it ends is told. A file whose first line ends with a lone CR
 * is a classic Mac file: its CRs are its line breaks and nothing is told.
 *
 * Offsets are in the bytes the parser is fed. A file without CR costs one native search per chunk;
 * a CRLF file one per line.
 */
export class BareCarriageReturns {
  /** `cr`: the file's lines end with a lone CR; `other`: with LF or CRLF; undefined: no line break yet. */
  private style: 'cr' | 'other' | undefined;
  private offsets: number[] = [];
  private next = 0;
  /** A CR that was the last byte of the previous chunk: bare unless the next chunk starts with LF. */
  private pending: number | undefined;

  scan(chunk: Buffer, base: number): void {
    if (this.pending !== undefined) {
      this.settle(this.pending, chunk[0] !== LF);
      this.pending = undefined;
    }
    if (this.classicMac) return;
    if (this.style === undefined) {
      const lf = chunk.indexOf(LF);
      const cr = chunk.indexOf(CR);
      if (cr === -1 || (lf !== -1 && lf < cr)) this.style = lf === -1 ? undefined : 'other';
    }
    for (let at = chunk.indexOf(CR); at !== -1; at = chunk.indexOf(CR, at + 1)) {
      if (at + 1 === chunk.length) this.pending = base + at;
      else this.settle(base + at, chunk[at + 1] !== LF);
      if (this.classicMac) return;
    }
  }

  /** End of the input: a CR that was the very last byte is bare. */
  end(): void {
    if (this.pending !== undefined) this.settle(this.pending, true);
    this.pending = undefined;
  }

  /** Whether the record ending at `end` (its line ending included) ends with a lone CR. */
  endsAt(end: number): boolean {
    const offsets = this.offsets;
    if (this.next === offsets.length) return false;
    while (this.next < offsets.length && (offsets[this.next] as number) < end - 1) this.next++;
    const hit = offsets[this.next] === end - 1;
    if (hit) this.next++;
    if (this.next === offsets.length) {
      this.offsets = [];
      this.next = 0;
    }
    return hit;
  }

  /** Read through a getter: `settle` changes the style inside the loop. */
  private get classicMac(): boolean {
    return this.style === 'cr';
  }

  private settle(offset: number, bare: boolean): void {
    // The first line break decides the file's style.
    if (this.style === undefined) this.style = bare ? 'cr' : 'other';
    else if (bare && this.style === 'other') this.offsets.push(offset);
  }
}
