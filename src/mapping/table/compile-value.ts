import type { CellValue } from '../../extract/types.js';
import { compileTransforms } from '../transforms/index.js';
import { cellText, compileTemplate, parseTemplate, templateColumns } from '../transforms/template.js';
import type { Scalar, TransformSink } from '../types.js';
import type { ColumnRef, Condition, TransformStep, ValueSpec } from '../value-schema.js';
import { describeColumnRef, parameterValues, patternParameters, resolveColumnRef } from './columns.js';
import type { CompileContext, CompiledCondition, CompiledValue } from './compile-context.js';

const NULL_VALUE: CompiledValue = () => null;

function cellScalar(cell: CellValue | undefined): string | number | boolean | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell !== 'string') return cell;
  const trimmed = cell.trim();
  return trimmed === '' ? null : trimmed;
}

interface Compiled {
  fn: CompiledValue;
  /** False when a column it needs is not in the header (already reported unless lenient). */
  resolved: boolean;
  column?: string;
}

/**
 * Compiles a value spec against this source's header. `lenient`: missing columns are not reported
 * (first_of alternatives, join parts); the caller decides.
 */
export function compileValue(spec: ValueSpec, ctx: CompileContext, field: string, lenient = false): Compiled {
  if (typeof spec === 'string') return compileTemplateValue(spec, ctx, field, lenient);
  const quiet = lenient || spec.optional === true;
  let base: Compiled;
  if (spec.column !== undefined) {
    const col = resolveColumnRef(ctx.headers, spec.column, ctx.params);
    if (!col) {
      const explained = unmatchedParameter(ctx, spec.column);
      if (!quiet && !explained) missing(ctx, field, describeColumnRef(spec.column, ctx.params));
      base = { fn: NULL_VALUE, resolved: false };
    } else {
      const index = col.index;
      base = { fn: (cells) => cellScalar(cells[index]), resolved: true, column: col.header };
    }
  } else if (spec.template !== undefined) base = compileTemplateValue(spec.template, ctx, field, quiet);
  else if (spec.value !== undefined) {
    const constant = spec.value;
    base = { fn: () => constant, resolved: true };
  } else if (spec.first_of !== undefined) base = compileFirstOf(spec.first_of, ctx, field, quiet);
  else if (spec.join !== undefined) base = compileJoin(spec.join, ctx, field, quiet);
  else base = { fn: NULL_VALUE, resolved: false };

  if (!spec.transforms || spec.transforms.length === 0 || !base.resolved) return base;
  const transform = compileTransforms(spec.transforms, ctx.money);
  const sink = ctx.sinkFor(base.column, field);
  const inner = base.fn;
  return { ...base, fn: (cells, context) => transform(inner(cells, context), sink) };
}

function missing(ctx: CompileContext, field: string, what: string): void {
  ctx.headerIssue('missing-column', 'error', `${field}: no column ${what} in the header`);
}

/**
 * A pattern whose parameter the user set (`--param store=Nowhere`) while the file has that column
 * for other values only: an error even in `first_of` or `optional`, since falling back (to `Default
 * price`, or to nothing) would silently map the wrong store. Reported once per parameter and pattern.
 */
function unmatchedParameter(ctx: CompileContext, ref: ColumnRef): boolean {
  for (const param of patternParameters(ref)) {
    if (!ctx.explicitParams.has(param)) continue;
    const values = parameterValues(ctx.headers, ref, param, ctx.params);
    if (values.length === 0) continue;
    ctx.headerIssue(
      'missing-column',
      'error',
      `no column ${describeColumnRef(ref, ctx.params)} for parameter ${param} = "${ctx.params.get(param) ?? ''}"; ${param} values in this file: ${values.join(', ')}`,
    );
    return true;
  }
  return false;
}

function compileTemplateValue(text: string, ctx: CompileContext, field: string, quiet: boolean): Compiled {
  const parts = parseTemplate(text);
  const absent = templateColumns(parts).filter((name) => !ctx.headers.find(name));
  if (absent.length > 0 && !quiet) missing(ctx, field, absent.map((a) => `"${a}"`).join(', '));
  const render = compileTemplate(parts, (name) => ctx.headers.find(name)?.index, ctx.fixedParams());
  const columns = templateColumns(parts);
  const first = columns.length === 1 ? ctx.headers.find(columns[0] ?? '')?.header : undefined;
  return {
    fn: (cells, context) => {
      const s = render(cells, context);
      return s === '' ? null : s;
    },
    resolved: absent.length === 0,
    ...(first ? { column: first } : {}),
  };
}

function compileFirstOf(
  specs: readonly ValueSpec[],
  ctx: CompileContext,
  field: string,
  quiet: boolean,
): Compiled {
  const alternatives = specs.map((s) => compileValue(s, ctx, field, true)).filter((c) => c.resolved);
  if (alternatives.length === 0) {
    if (!quiet) missing(ctx, field, 'for any first_of alternative');
    return { fn: NULL_VALUE, resolved: false };
  }
  const fns = alternatives.map((a) => a.fn);
  return {
    fn: (cells, context) => {
      for (const fn of fns) {
        const v = fn(cells, context);
        if (v !== null && v !== '') return v;
      }
      return null;
    },
    resolved: true,
    ...(alternatives[0]?.column ? { column: alternatives[0].column } : {}),
  };
}

function compileJoin(
  join: { with: string; parts: string[] },
  ctx: CompileContext,
  field: string,
  quiet: boolean,
): Compiled {
  const parts = join.parts.map((p) => compileTemplateValue(p, ctx, field, true));
  if (!parts.some((p) => p.resolved)) {
    if (!quiet) missing(ctx, field, `for any join part`);
    return { fn: NULL_VALUE, resolved: false };
  }
  const fns = parts.map((p) => p.fn);
  const separator = join.with;
  return {
    // No array per row: most rows of a big export have one part or none (a product without options).
    fn: (cells, context) => {
      let text: string | null = null;
      for (const fn of fns) {
        const v = fn(cells, context);
        if (v !== null) text = text === null ? String(v) : `${text}${separator}${String(v)}`;
      }
      return text;
    },
    resolved: true,
  };
}

/** Compiles a skip condition. A condition on an absent column never matches. */
export function compileCondition(cond: Condition, ctx: CompileContext, field: string): CompiledCondition {
  const tests: CompiledCondition[] = [];
  if (cond.all) {
    const all = cond.all.map((c, i) => compileCondition(c, ctx, `${field}.all[${i}]`));
    tests.push((cells) => {
      for (const test of all) if (!test(cells)) return false;
      return true;
    });
  }
  if (cond.any) {
    const any = cond.any.map((c, i) => compileCondition(c, ctx, `${field}.any[${i}]`));
    tests.push((cells) => {
      for (const test of any) if (test(cells)) return true;
      return false;
    });
  }
  if (cond.not) {
    const not = compileCondition(cond.not, ctx, `${field}.not`);
    tests.push((cells) => !not(cells));
  }
  if (cond.column !== undefined || cond.template !== undefined) {
    const value = compileValue(
      cond.column !== undefined
        ? { column: cond.column, optional: true }
        : { template: cond.template ?? '', optional: true },
      ctx,
      field,
    );
    if (!value.resolved) {
      if (cond.optional !== true) {
        const what =
          cond.column !== undefined
            ? describeColumnRef(cond.column, ctx.params)
            : `for "${cond.template ?? ''}"`;
        ctx.headerIssue(
          'missing-column',
          'warning',
          `${field}: no column ${what} in the header; the condition never matches`,
        );
      }
      return () => false;
    }
    tests.push(valueTest(withConditionTransforms(value.fn, cond, ctx.sinkFor(value.column, field)), cond));
  }
  if (tests.length === 1) return tests[0] as CompiledCondition;
  return (cells) => {
    for (const test of tests) if (!test(cells)) return false;
    return true;
  };
}

const norm = (v: string | number | boolean) => String(v).trim().toLowerCase();

/**
 * Issues from a condition's transforms are dropped (the field that reads the cell reports them
 * once), but for `bad-boolean`: a flag the condition cannot read would otherwise decide silently
 * (`Available in POS` = `0.5` neither skips nor keeps by intent), so it is reported at its row and
 * column, once with the field reading the same cell.
 */
function withConditionTransforms(fn: CompiledValue, cond: Condition, sink: TransformSink): CompiledValue {
  const steps = conditionTransforms(cond);
  if (steps.length === 0) return fn;
  const transform = compileTransforms(steps);
  const booleanSink: TransformSink = {
    issue: (code, severity, message) => {
      if (code === 'bad-boolean') sink.issue(code, severity, message);
    },
    skip: () => undefined,
  };
  return (cells, context) => transform(fn(cells, context), booleanSink);
}

/**
 * A condition that compares with booleans only (`in: [false]`) tests a flag: its cell is read by the
 * `boolean` transform, so it accepts exactly the spellings a `boolean` field does (`N`, `0.0`,
 * `Falso`) and no other.
 */
function conditionTransforms(cond: Condition): TransformStep[] {
  if (cond.transforms && cond.transforms.length > 0) return cond.transforms;
  const compared = [...(cond.in ?? []), ...(cond.not_in ?? [])];
  const flags = compared.length > 0 && compared.every((v) => typeof v === 'boolean');
  return flags ? ['boolean'] : [];
}

/** A number as written in the cell (`-5`, `2.5`), or after a transform; anything else is none. */
function numberOf(v: Scalar): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : undefined;
}

function valueTest(fn: CompiledValue, cond: Condition): CompiledCondition {
  const inSet = cond.in ? new Set(cond.in.map(norm)) : undefined;
  const notIn = cond.not_in ? new Set(cond.not_in.map(norm)) : undefined;
  const { empty, below, above } = cond;
  const contains = cond.contains === undefined ? undefined : norm(cond.contains);
  const numeric = below !== undefined || above !== undefined;
  // `empty` alone needs no lower-case copy of the cell (a product title on every row).
  const compares = inSet !== undefined || notIn !== undefined || contains !== undefined;
  const noContext = {};
  return (cells) => {
    const v = fn(cells, noContext);
    const text = v === null ? '' : compares ? norm(v) : String(v).trim();
    if (empty !== undefined && (text === '') !== empty) return false;
    if (inSet && !inSet.has(text)) return false;
    if (notIn && notIn.has(text)) return false;
    if (contains !== undefined && !text.includes(contains)) return false;
    if (numeric) {
      // A value that is not a number is neither below nor above anything.
      const n = numberOf(v);
      if (n === undefined) return false;
      if (below !== undefined && !(n < below)) return false;
      if (above !== undefined && !(n > above)) return false;
    }
    return true;
  };
}

export { cellText };
