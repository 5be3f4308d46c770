import type { CellValue, TableSource } from '../../extract/types.js';
import type { DataIssue, DataIssueCode } from '../../model/data-issue.js';
import { DEFAULT_MONEY_RULES, type MoneyRules } from '../../model/money.js';
import type { TemplateContext } from '../transforms/template.js';
import type { ExtractNote, Scalar, TransformSink } from '../types.js';
import { HeaderIndex, type ParamBindings } from './columns.js';
import { withoutPrototype } from '../../model/named-record.js';

/** The row being evaluated; compiled functions read it instead of taking a location per call. */
export interface RowCursor {
  row: number;
  /** Set by a transform (e.g. money `variable: skip`); the builder skips the row and resets it. */
  skipReason: string | undefined;
  /**
   * The product (or `product / variant`) the row's values are being read for, once its name is
   * known: a price problem names it, so "row 5012" also says which product lost its price.
   */
  subject: string | undefined;
}

export type CompiledValue = (cells: readonly CellValue[], context: TemplateContext) => Scalar;
export type CompiledCondition = (cells: readonly CellValue[]) => boolean;

/** Everything compilation needs about one source, plus where issues go. */
export class CompileContext {
  readonly cursor: RowCursor = { row: 0, skipReason: undefined, subject: undefined };
  readonly issues: DataIssue[] = [];
  /** Decisions the header alone settles (an optional column absent), said once in the summary. */
  readonly notes: ExtractNote[] = [];
  private readonly reported = new Set<string>();
  /** (code, column) already reported on `reportedRow`: one cell read by two fields is one problem. */
  private readonly reportedOnRow = new Set<string>();
  private reportedRow = -1;

  /** Parameters that had a value before any pattern bound a wildcard (given, or by their default). */
  readonly explicitParams: ReadonlySet<string>;

  constructor(
    readonly headers: HeaderIndex,
    readonly params: ParamBindings,
    readonly file: string,
    readonly sheet: string | undefined,
    readonly headerRow: number,
    /** The mapping's currency: how amounts are rounded and bounded. */
    readonly money: MoneyRules = DEFAULT_MONEY_RULES,
  ) {
    this.explicitParams = new Set([...params].filter(([, v]) => v !== undefined).map(([k]) => k));
  }

  /** The context of one opened source, with the mapping's parameters as bindings. */
  static forSource(
    source: TableSource,
    params: Readonly<Record<string, string | undefined>>,
    money: MoneyRules = DEFAULT_MONEY_RULES,
  ): CompileContext {
    return new CompileContext(
      new HeaderIndex(source.headers),
      new Map(Object.entries(params)),
      source.file,
      source.sheet,
      source.headerRow,
      money,
    );
  }

  /** Parameters with a value, for `{@param.x}` (read when a template is compiled). */
  fixedParams(): Record<string, string> {
    const out = withoutPrototype<string>({});
    for (const [k, v] of this.params) if (v !== undefined) out[k] = v;
    return out;
  }

  /**
   * An issue at the current row. An issue about a cell (with a column) is reported once per
   * (row, column, code): `product.hidden` and `variants.value.hidden` reading the same bad cell on a
   * head row that is also a variant give one problem, not two.
   */
  rowIssue(code: DataIssueCode, severity: DataIssue['severity'], message: string, column?: string): void {
    if (column !== undefined) {
      const row = this.cursor.row;
      if (row !== this.reportedRow) {
        this.reportedRow = row;
        this.reportedOnRow.clear();
      }
      const key = `${code}\u0000${column}`;
      if (this.reportedOnRow.has(key)) return;
      this.reportedOnRow.add(key);
    }
    this.push(code, severity, message, this.cursor.row, column);
  }

  /** An issue about the header (missing columns), reported once per distinct message. */
  headerIssue(code: DataIssueCode, severity: DataIssue['severity'], message: string, column?: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.push(code, severity, message, this.headerRow, column);
  }

  private push(
    code: DataIssueCode,
    severity: DataIssue['severity'],
    message: string,
    row: number,
    column: string | undefined,
  ): void {
    this.issues.push({
      code,
      severity,
      message,
      location: {
        file: this.file,
        ...(this.sheet ? { sheet: this.sheet } : {}),
        row,
        ...(column ? { column } : {}),
      },
    });
  }

  /** A transform sink bound to one column; created once per compiled field. */
  sinkFor(column: string | undefined, field: string): TransformSink {
    return {
      issue: (code, severity, message) => {
        const subject = code === 'bad-price' ? this.cursor.subject : undefined;
        const what = subject === undefined ? field : `${field} of "${subject}"`;
        this.rowIssue(code, severity, `${what}: ${message}`, column);
      },
      skip: (reason) => {
        this.cursor.skipReason ??= reason;
      },
    };
  }
}
