import { inputLimits } from '../extract/input-limits.js';
import type { TableSource } from '../extract/types.js';
import { moneyRules } from '../model/currency.js';
import type { DataIssue } from '../model/data-issue.js';
import { bindInputs } from './bind-inputs.js';
import { asTable, openInput, resolveParameters } from './extract-menu.js';
import { loadMapping } from './loader.js';
import { CompileContext } from './table/compile-context.js';
import { compileTable } from './table/compile.js';
import { reportDuplicateHeaders } from './table/duplicate-headers.js';

/** What `headerIssues` checks: a table mapping, its inputs and parameters, as a run would get them. */
export interface HeaderCheckRequest {
  mapping: string;
  inputs: readonly string[];
  params: Readonly<Record<string, string>>;
  encoding?: string;
}

/**
 * The errors a run would find in its inputs' headers alone: a column the mapping needs that is not
 * there, a parameter no column has (`store: Chilo` where the columns say `[Chillo]`). The mapping is
 * compiled against the header of its table source exactly as a run compiles it, and no row is
 * mapped: `config validate` predicts the night without reading a whole export. A document mapping
 * (JSON) has no header: [].
 */
export async function headerIssues(request: HeaderCheckRequest): Promise<DataIssue[]> {
  const { mapping } = await loadMapping(request.mapping);
  if (mapping.kind !== 'table') return [];
  const params = resolveParameters(mapping, request.params);
  const overrides = request.encoding !== undefined ? { encoding: request.encoding } : {};
  const bound = await bindInputs(mapping, request.inputs, overrides);
  const input = bound.find((b) => b.name === mapping.table.source);
  if (!input) return [];
  const source = asTable(await openInput(input, inputLimits(undefined)), mapping.name);
  try {
    const ctx = CompileContext.forSource(source, params, moneyRules(mapping.money));
    compileTable(mapping.table, ctx);
    reportDuplicateHeaders(ctx);
    return [...source.issues, ...ctx.issues].filter((issue) => issue.severity === 'error');
  } finally {
    await close(source);
  }
}

/** Ends the stream after the header: leaving a loop over it closes the file (at most one chunk read). */
async function close(source: TableSource): Promise<void> {
  for await (const _ of source.batches) break;
}
