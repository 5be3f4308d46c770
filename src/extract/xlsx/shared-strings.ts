import { decodeCellText } from './xml-text.js';
import type { XmlHandler } from './xml-scanner.js';

/**
 * Reads xl/sharedStrings.xml into the table cells point at (`<c t="s"><v>3</v>`). Each `<si>` is
 * one string: its `<t>`, or the `<t>` of each rich-text run `<r>` joined. Phonetic guides
 * (`<rPh>`, the kana reading Japanese Excel stores above 漢字) are not part of the text and are
 * left out, as Excel shows them only on request. Its size was checked before
 * (workbook-limits.ts: number of strings, bytes of each).
 */
export class SharedStringsReader implements XmlHandler {
  readonly strings: string[] = [];
  private parts: string[] = [];
  private inString = false;
  private phonetic = 0;
  private inText = false;

  /** The index a cell uses for the string being read (`<c t="s"><v>3</v>`). */
  location(): string {
    return `shared string ${this.strings.length}`;
  }

  open(name: string, _tag: string, selfClosing: boolean): void {
    if (name === 'si') {
      if (selfClosing) this.strings.push('');
      else {
        this.inString = true;
        this.parts = [];
      }
    } else if (name === 'rPh') {
      if (!selfClosing) this.phonetic++;
    } else if (name === 't') {
      this.inText = !selfClosing && this.inString && this.phonetic === 0;
    }
  }

  close(name: string): void {
    if (name === 't') this.inText = false;
    else if (name === 'rPh') this.phonetic = Math.max(0, this.phonetic - 1);
    else if (name === 'si' && this.inString) {
      this.strings.push(decodeCellText(this.parts.join('')));
      this.inString = false;
      this.phonetic = 0;
    }
  }

  text(text: string, start: number, end: number): void {
    if (this.inText) this.parts.push(text.slice(start, end));
  }

  /** CDATA is literal: escaped back so the one decoding at the end leaves it as it was. */
  cdata(content: string): void {
    if (this.inText) this.parts.push(escapeXml(content));
  }
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
