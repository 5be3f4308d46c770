import { attribute } from './xml-text.js';
import { numberKind, type NumberKind } from './number-format.js';
import type { XmlHandler } from './xml-scanner.js';

/**
 * Reads xl/styles.xml for what a cell's style index (`<c s="3">`) says about its number: the
 * custom number formats (`<numFmts>`) and each cell format's `numFmtId` (`<cellXfs>`, in order).
 * Fonts, fills and the rest are not looked at.
 */
export class CellStylesReader implements XmlHandler {
  private readonly formats = new Map<number, string>();
  private readonly formatIds: number[] = [];
  private inCellXfs = false;
  private finished = false;

  open(name: string, tag: string): void {
    if (name === 'numFmt') {
      const id = Number(attribute(tag, 'numFmtId'));
      const code = attribute(tag, 'formatCode');
      if (Number.isInteger(id) && code !== undefined) this.formats.set(id, code);
    } else if (name === 'cellXfs') {
      this.inCellXfs = !tag.endsWith('/');
    } else if (name === 'xf' && this.inCellXfs) {
      this.formatIds.push(Number(attribute(tag, 'numFmtId') ?? 0));
    }
  }

  close(name: string): void {
    if (name === 'cellXfs') {
      this.inCellXfs = false;
      // Number formats come before cell formats (the schema's order): nothing later matters.
      this.finished = true;
    }
  }

  text(): void {}
  cdata(): void {}
  done(): boolean {
    return this.finished;
  }

  /** The kind of number each style index shows (a style the file lacks shows a plain number). */
  kinds(): NumberKind[] {
    return this.formatIds.map((id) => (Number.isInteger(id) ? numberKind(id, this.formats) : 'number'));
  }
}
