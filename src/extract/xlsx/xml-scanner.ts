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
}

/**
 * The largest piece of XML held while waiting for its end: a tag, comment or CDATA section longer
 * than this is not one an .xlsx writer produces (a cell's text is at most 32,767 characters).
 */
const MAX_PENDING_CHARS = 1024 * 1024;

/**
 * A forward-only XML tokenizer for the parts of an .xlsx: tags, text and CDATA, fed chunk by chunk
 * from the inflated zip entry. No DTD, no entity definitions (a billion-laughs document has nothing
 * to expand), no tree: memory is the chunk plus one unfinished token. Every search moves forward
 * from the last token, so hostile input costs linear time.
 */
export class XmlScanner {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(
    private readonly handler: XmlHandler,
    private readonly where: string,
  ) {}

  /** Feeds one chunk; returns false once the handler is done. */
  write(chunk: Buffer): boolean {
    const text = this.pending + this.decoder.write(chunk);
    const stop = this.scan(text);
    this.pending = text.slice(stop);
    if (this.pending.length > MAX_PENDING_CHARS)
      throw new InvalidInputError(`${this.where}: malformed XML (a tag or section never ends)`);
    return !this.handler.done?.();
  }

  end(): void {
    const text = this.pending + this.decoder.end();
    this.pending = '';
    const stop = this.scan(text);
    if (text.slice(stop).trim() !== '' && !this.handler.done?.())
      throw new InvalidInputError(`${this.where}: malformed XML (the part ends inside a tag)`);
  }

  /** Handles every complete token of `text`; returns where the unfinished rest begins. */
  private scan(text: string): number {
    const handler = this.handler;
    let pos = 0;
    while (pos < text.length) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) {
        handler.text(text, pos, text.length);
        return text.length;
      }
      if (lt > pos) handler.text(text, pos, lt);
      const next = text.charCodeAt(lt + 1);
      let end: number;
      if (next === 0x21 /* ! */) {
        end = this.special(text, lt);
      } else if (next === 0x3f /* ? */) {
        end = text.indexOf('?>', lt + 2);
        if (end >= 0) end += 2;
      } else {
        end = tagEnd(text, lt);
        if (end >= 0) this.tag(text.slice(lt + 1, end - 1));
      }
      if (end < 0) return lt;
      pos = end;
      if (handler.done?.()) return text.length;
    }
    return pos;
  }

  /** `<![CDATA[...]]>`, `<!--...-->` or a declaration such as `<!DOCTYPE ...>`: where it ends, or -1. */
  private special(text: string, lt: number): number {
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      this.handler.cdata(text.slice(lt + 9, end));
      return end + 3;
    }
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (text.length - lt < 9) return -1;
    const end = tagEnd(text, lt);
    return end;
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

/** Just past the `>` that ends the tag opened at `lt` (a `>` inside a quoted value does not), or -1. */
function tagEnd(text: string, lt: number): number {
  let from = lt + 1;
  for (;;) {
    const gt = text.indexOf('>', from);
    if (gt < 0) return -1;
    if (quotesBalanced(text, lt + 1, gt)) return gt + 1;
    from = gt + 1;
  }
}

function quotesBalanced(text: string, start: number, end: number): boolean {
  let quote = 0;
  for (let i = start; i < end; i++) {
    const char = text.charCodeAt(i);
    if (quote === 0) {
      if (char === 0x22 || char === 0x27) quote = char;
    } else if (char === quote) quote = 0;
  }
  return quote === 0;
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
