import { InvalidInputError } from '../../errors.js';
import { count, InputLimitError } from '../input-limits.js';
import type { CellValue } from '../types.js';
import { isoCell, numberCell } from './cell-value.js';
import type { NumberKind } from './number-format.js';
import { escapeXml } from './shared-strings.js';
import { MAX_CELLS_PER_ROW } from './sheet-cell-count.js';
import type { XmlHandler } from './xml-scanner.js';
import { attribute, decodeCellText, decodeXml } from './xml-text.js';

/** One row of the sheet as stored: cells in column order, a gap a null. */
export interface SheetRow {
  /** 1-based row number as Excel shows it. */
  row: number;
  cells: CellValue[];
  /** 0-based columns whose cell holds an error value (`#N/A`, `#DIV/0!`): its code is the cell's text. */
  errors?: number[];
}

/** What the sheet's cells need from the rest of the workbook. */
export interface SheetContext {
  /** The file as the user named it, for messages. */
  file: string;
  strings: readonly string[];
  /** Per style index (`<c s="...">`), what kind of number it shows. */
  kinds: readonly NumberKind[];
  date1904: boolean;
  /** The most XML one cell's value may take (workbook-limits.ts maxStringBytes). */
  maxCellBytes: number;
  maxCellChars: number;
}

/** The 1-based column of a reference such as `AB12`; 0 when it has no letters. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  return column;
}

/**
 * Reads a worksheet's `<sheetData>` as rows, cell by cell, as the scanner streams its XML. Cells
 * are read as Excel shows them: shared and inline strings (without phonetic guides), cached
 * formula results of every type (`0` stays 0, `TRUE` a boolean, `#N/A` an error), numbers by
 * their format as dates, times or durations. Finished rows wait in `rows` until `take()`.
 */
export class SheetRowsReader implements XmlHandler {
  private rows: SheetRow[] = [];
  private row = 0;
  private cells: CellValue[] = [];
  private errors: number[] | undefined;
  private inRow = false;
  private finished = false;
  // The cell being read.
  private column = 0;
  private type = 'n';
  private style = 0;
  private value: string[] | undefined;
  private valueBytes = 0;
  private capture = false;
  private inInline = false;
  private phonetic = 0;

  constructor(private readonly context: SheetContext) {}

  take(): SheetRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  done(): boolean {
    return this.finished;
  }

  location(): string {
    return `row ${this.row}, column ${this.column}`;
  }

  open(name: string, tag: string, selfClosing: boolean): void {
    switch (name) {
      case 'c':
        this.startCell(tag);
        if (selfClosing) this.endCell();
        return;
      case 'v':
        // An inline string's value is its `<is>`: a `<v>` some writers add beside it is not read
        // (it was read too: `1.01.` where the inline string says `1.`).
        if (this.type === 'inlineStr') return;
        if (!selfClosing) this.capture = true;
        this.value ??= [];
        return;
      case 'is':
        this.inInline = !selfClosing;
        this.value ??= [];
        return;
      case 't':
        this.capture = !selfClosing && this.inInline && this.phonetic === 0;
        return;
      case 'rPh':
        if (!selfClosing) this.phonetic++;
        return;
      case 'row': {
        const r = Number(attribute(tag, 'r'));
        this.row = Number.isInteger(r) && r > 0 ? r : this.row + 1;
        this.cells = [];
        this.errors = undefined;
        this.column = 0;
        this.inRow = !selfClosing;
        return;
      }
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.capture = false;
        return;
      case 'is':
        this.inInline = false;
        return;
      case 'rPh':
        this.phonetic = Math.max(0, this.phonetic - 1);
        return;
      case 'c':
        this.endCell();
        return;
      case 'row':
        this.inRow = false;
        if (this.cells.length > 0)
          this.rows.push(
            this.errors
              ? { row: this.row, cells: this.cells, errors: this.errors }
              : { row: this.row, cells: this.cells },
          );
        return;
      case 'sheetData':
        this.finished = true;
        return;
    }
  }

  text(text: string, start: number, end: number): void {
    if (!this.capture || !this.value) return;
    this.valueBytes += end - start;
    if (this.valueBytes > this.context.maxCellBytes) this.tooLong();
    this.value.push(text.slice(start, end));
  }

  /** CDATA is literal: escaped back so the one decoding at the cell's end leaves it as it was. */
  cdata(content: string): void {
    if (!this.capture || !this.value) return;
    const escaped = escapeXml(content);
    this.text(escaped, 0, escaped.length);
  }

  private startCell(tag: string): void {
    const ref = attribute(tag, 'r');
    this.column = ref === undefined ? this.column + 1 : columnOf(ref) || this.column + 1;
    if (this.column > MAX_CELLS_PER_ROW)
      throw new InvalidInputError(
        `${this.context.file}: row ${this.row}: cell ${ref ?? this.column} is past Excel's last column (XFD, ${count(MAX_CELLS_PER_ROW)})`,
      );
    this.type = attribute(tag, 't') ?? 'n';
    this.style = Number(attribute(tag, 's') ?? 0);
    this.value = undefined;
    this.valueBytes = 0;
    this.capture = false;
    this.inInline = false;
    this.phonetic = 0;
  }

  private endCell(): void {
    this.capture = false;
    if (!this.inRow || this.value === undefined) return;
    const raw = this.value.join('');
    this.value = undefined;
    const value = this.cellValue(raw);
    if (value === null) return;
    const cells = this.cells;
    while (cells.length < this.column - 1) cells.push(null);
    cells[this.column - 1] = value;
    if (this.type === 'e') (this.errors ??= []).push(this.column - 1);
  }

  private cellValue(raw: string): CellValue {
    // An empty `<v/>` (some writers write one) is an empty cell whatever its type, as openpyxl
    // reads it: never shared string 0, an empty error code or a boolean.
    if (raw === '' && this.type !== 'inlineStr') return null;
    switch (this.type) {
      case 's':
        return this.sharedString(raw);
      case 'inlineStr':
      case 'str':
        return decodeCellText(raw);
      case 'b':
        return /^\s*(?:1|true)\s*$/i.test(raw)
          ? true
          : /^\s*(?:0|false)\s*$/i.test(raw)
            ? false
            : decodeXml(raw);
      case 'e':
        return decodeXml(raw).trim();
      case 'd':
        return raw.trim() === '' ? null : isoCell(decodeXml(raw));
      default: {
        const text = raw.trim();
        if (text === '') return null;
        const number = Number(text);
        if (Number.isNaN(number)) return decodeXml(raw);
        return numberCell(number, this.context.kinds[this.style] ?? 'number', this.context.date1904);
      }
    }
  }

  /** The string a cell's index points at; a blank index is an empty cell, anything but digits a located problem. */
  private sharedString(raw: string): string | null {
    const digits = raw.trim();
    if (digits === '') return null;
    const text = /^\d+$/.test(digits) ? this.context.strings[Number(digits)] : undefined;
    if (text === undefined)
      throw new InvalidInputError(
        `${this.context.file}: row ${this.row}, column ${this.column}: shared string ${digits} is not in the workbook's table of ${count(this.context.strings.length)}`,
      );
    return text;
  }

  private tooLong(): never {
    throw new InputLimitError(
      this.context.file,
      'maxCellChars',
      `row ${this.row}, column ${this.column}: more than ${count(this.context.maxCellBytes)} bytes of XML in the cell, more than ${count(this.context.maxCellChars)} characters can take`,
    );
  }
}
