import { StringDecoder } from 'node:string_decoder';
import { InvalidInputError } from '../../errors.js';

/** What a part's reader does with the tags and text of its XML, in document order. */
export interface XmlHandler {
  /** `name` without its namespace prefix; `tag` is the whole tag text between `<` and `>`. */
  open(name: string, tag: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw (undecoded) character data `text.slice(start, end)`: entities are decoded by the reader. */
  text(text: string, start: number, end: number): void;
  /** A CDATA section's content, taken literally. */
  cdata(content: string): void;
  /** True once the reader has what it needs: the rest of the part is not read. */
  done?(): boolean;
  /** Where in its data the reader is (`row 3, column 2`), for messages. */
  location?(): string;
}

/**
 * The largest piece of XML held while waiting for its end: a tag, comment or CDATA section longer
 * than this is not one an .xlsx writer produces (a cell's text is at most 32,767 characters).
 */
const MAX_PENDING_CHARS = 1024 * 1024;

/** Where the search for the end of each kind of token starts (just past what opens it) and what ends it. */
const COMMENT = { open: 4, close: '-->' };
const CDATA = { open: 9, close: ']]>' };
const PROCESSING_INSTRUCTION = { open: 2, close: '?>' };
/** The entities XML itself defines: the only ones a part without a DTD may use. */
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * A forward-only XML tokenizer for the parts of an .xlsx: tags, text and CDATA, fed chunk by chunk
 * from the inflated zip entry. No DTD, no entity definitions (a billion-laughs document has nothing
 * to expand), no tree: memory is the chunk plus one unfinished token. Hostile input costs linear
 * time: each search moves forward from where the last one stopped, a tag's end is found in one pass
 * that tracks its quotes (a `>` inside a quoted value does not end it), and a token left unfinished
 * by one chunk is searched on from where that chunk ended, not from its start.
 *
 * What Excel refuses is refused here with one line, never guessed at: a DTD (`<!DOCTYPE ...>`,
 * where entities would be defined) and a reference to an entity XML does not predefine
 * (`Latte &xxe;`). A bare `&` and character references stay text, as before (decodeXml).
 */
export class XmlScanner {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  /** For the unfinished token `pending` starts with: how far its end was searched, and the open quote there. */
  private resume = 0;
  private resumeQuote = 0;
  /** The next `&` from where the scan is, text.length when none; -1 before a scan's first search. */
  private amp = -1;

  constructor(
    private readonly handler: XmlHandler,
    private readonly where: string,
  ) {}

  /** Feeds one chunk; returns false once the handler is done. */
  write(chunk: Buffer): boolean {
    const text = this.pending + this.decoder.write(chunk);
    const stop = this.scan(text, false);
    this.pending = text.slice(stop);
    if (this.pending.length > MAX_PENDING_CHARS)
      throw new InvalidInputError(`${this.where}: malformed XML (a tag or section never ends)`);
    return !this.handler.done?.();
  }

  end(): void {
    const text = this.pending + this.decoder.end();
    this.pending = '';
    const stop = this.scan(text, true);
    if (text.slice(stop).trim() !== '' && !this.handler.done?.())
      throw new InvalidInputError(`${this.where}: malformed XML (the part ends inside a tag)`);
  }

  /**
   * Handles every complete token of `text`; returns where the unfinished rest begins (a token,
   * or an entity reference cut by the chunk's end). `final`: no more text follows.
   */
  private scan(text: string, final: boolean): number {
    const handler = this.handler;
    this.amp = -1;
    let pos = 0;
    while (pos < text.length) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) {
        const stop = this.references(text, pos, text.length, final);
        if (stop > pos) handler.text(text, pos, stop);
        return stop;
      }
      if (lt > pos) {
        this.references(text, pos, lt, true);
        handler.text(text, pos, lt);
      }
      // Only the token `pending` held starts at 0, and only it was searched before.
      const resumed = lt === 0 ? this.resume : 0;
      this.resume = 0;
      const next = text.charCodeAt(lt + 1);
      let end: number;
      if (next === 0x21 /* ! */) {
        end = this.special(text, lt, resumed);
      } else if (next === 0x3f /* ? */) {
        end = this.sectionEnd(text, lt, PROCESSING_INSTRUCTION, resumed);
      } else {
        end = this.tagEnd(text, lt, resumed);
        if (end >= 0) {
          this.tag(text.slice(lt + 1, end - 1));
          this.references(text, lt, end, true);
        }
      }
      if (end < 0) return lt;
      pos = end;
      if (handler.done?.()) return text.length;
    }
    return pos;
  }

  /** `<![CDATA[...]]>`, `<!--...-->` or a declaration such as `<!DOCTYPE ...>`: where it ends, or -1. */
  private special(text: string, lt: number, resumed: number): number {
    if (text.startsWith('<![CDATA[', lt)) {
      const end = this.sectionEnd(text, lt, CDATA, resumed);
      if (end >= 0) this.handler.cdata(text.slice(lt + CDATA.open, end - CDATA.close.length));
      return end;
    }
    if (text.startsWith('<!--', lt)) return this.sectionEnd(text, lt, COMMENT, resumed);
    if (text.length - lt < 9) return -1;
    throw new InvalidInputError(
      `${this.where}: a DTD (${text.slice(lt, lt + 9)} ...) is not allowed in a workbook part (Excel refuses it); nothing it defines is read`,
    );
  }

  /**
   * Refuses a reference to an undefined entity in `text[start, end)`; returns `end`, or where a
   * reference the end of `text` cut begins (unless `final`). The `&`s are found by one search
   * that only moves forward over the whole text, so this stays linear.
   */
  private references(text: string, start: number, end: number, final: boolean): number {
    if (this.amp < start) this.amp = indexOrEnd(text, '&', start);
    while (this.amp < end) {
      const at = this.amp;
      const nameEnd = entityNameEnd(text, at + 1);
      if (nameEnd === text.length && !final) return at;
      if (nameEnd > at + 1 && text.charCodeAt(nameEnd) === 0x3b /* ; */) {
        const name = text.slice(at + 1, nameEnd);
        if (!PREDEFINED.has(name)) this.undefinedEntity(name);
      }
      this.amp = indexOrEnd(text, '&', nameEnd);
    }
    return end;
  }

  private undefinedEntity(name: string): never {
    const location = this.handler.location?.();
    throw new InvalidInputError(
      `${this.where}${location ? `, ${location}` : ''}: undefined entity &${name}; (a workbook part may use only &amp; &lt; &gt; &quot; &apos; and character references; Excel refuses it)`,
    );
  }

  /** Just past the `close` of the section opened at `lt`, or -1 (remembering how far it looked). */
  private sectionEnd(
    text: string,
    lt: number,
    kind: { open: number; close: string },
    resumed: number,
  ): number {
    const at = text.indexOf(kind.close, lt + Math.max(kind.open, resumed));
    if (at >= 0) return at + kind.close.length;
    // The close may be split across chunks: look again from its possible start.
    this.resume = Math.max(kind.open, text.length - lt - (kind.close.length - 1));
    return -1;
  }

  /**
   * Just past the `>` that ends the tag opened at `lt` (a `>` inside a quoted value does not), or
   * -1: one pass over the tag, from where the last chunk's search stopped.
   */
  private tagEnd(text: string, lt: number, resumed: number): number {
    let quote = resumed > 0 ? this.resumeQuote : 0;
    let i = lt + Math.max(1, resumed);
    for (; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (quote !== 0) {
        if (char === quote) quote = 0;
      } else if (char === 0x3e /* > */) {
        return i + 1;
      } else if (char === 0x22 || char === 0x27) {
        quote = char;
      }
    }
    this.resume = i - lt;
    this.resumeQuote = quote;
    return -1;
  }

  private tag(tag: string): void {
    if (tag.charCodeAt(0) === 0x2f /* / */) {
      this.handler.close(localName(tag, 1));
      return;
    }
    const selfClosing = tag.charCodeAt(tag.length - 1) === 0x2f;
    this.handler.open(localName(tag, 0), tag, selfClosing);
  }
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
}

/**
 * Where the entity name starting at `from` ends (letters, digits, `_ - . :` and any non-ASCII
 * character, as XML names allow); `from` itself when none starts there (`&#38;`, a bare `&`).
 */
function entityNameEnd(text: string, from: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const name =
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x3a) ||
      c === 0x5f ||
      c === 0x2d ||
      c === 0x2e ||
      c >= 0x80;
    if (!name) break;
  }
  return i;
}

/** The element's name without a namespace prefix (`x:c` -> `c`). */
function localName(tag: string, from: number): string {
  let end = from;
  let colon = -1;
  while (end < tag.length) {
    const char = tag.charCodeAt(end);
    if (char === 0x20 || char === 0x2f || char === 0x09 || char === 0x0a || char === 0x0d) break;
    if (char === 0x3a) colon = end;
    end++;
  }
  return tag.slice(colon >= 0 ? colon + 1 : from, end);
}
