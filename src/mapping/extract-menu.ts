import path from 'node:path';
import { UsageError, InvalidInputError } from '../errors.js';
import type { Source, TableSource } from '../extract/types.js';
import { inputLimits, type InputLimits } from '../extract/input-limits.js';
import { openSource } from '../extract/registry.js';
import { normalizeMoney } from '../model/normalize.js';
import { validateMenu } from '../model/validate-payload.js';
import type { DataIssue } from '../model/data-issue.js';
import { runDocumentMapping } from './document/run.js';
import { loadMapping, type LoadedMapping } from './loader.js';
import type { ParamFileRoots } from './mapping-files.js';
import type { Mapping, SourceSpec } from './schema.js';
import { runTableMapping } from './table/run.js';
import { withSetsFile, type ParamFiles } from './table/sets-file.js';
import { readSetsSource } from './table/sets-source.js';
import { compileTransforms } from './transforms/index.js';
import type { ExtractRequest, ExtractResult, ExtractResultParts } from './types.js';

/** The pipeline's first two stages: read the inputs, map them to the canonical menu. */
export async function extractMenu(request: ExtractRequest): Promise<ExtractResult> {
  const loaded = await loadMapping(request.mapping);
  return runMapping(loaded.mapping, request.inputs, request.params ?? {}, {
    ...(request.limits ? { limits: request.limits } : {}),
    roots: paramFileRoots(loaded, request.paramDirs),
  });
}

/** What a run takes besides the mapping, its inputs and its parameters. */
export interface MappingRunOptions {
  /** Resource bounds for reading the inputs (defaults for those absent). */
  limits?: Partial<InputLimits>;
  /** Where files named by parameters must be; default the working directory (a mapping parsed from text). */
  roots?: ParamFileRoots;
}

/** The folders files named by a loaded mapping's parameters must stay inside (mapping-files.ts). */
export function paramFileRoots(
  loaded: Pick<LoadedMapping, 'file' | 'shipped'>,
  byName?: Readonly<Record<string, string>>,
  cwd: string = process.cwd(),
): ParamFileRoots {
  const folder = path.dirname(loaded.file);
  // A shipped mapping's folder is inside the installed package, where users keep no files.
  return { defaults: folder, given: loaded.shipped ? cwd : folder, ...(byName ? { byName } : {}) };
}

/** Runs an already loaded mapping (validate and tests use it with a mapping parsed from text). */
export async function runMapping(
  mapping: Mapping,
  inputs: readonly string[],
  given: Readonly<Record<string, string>>,
  options: MappingRunOptions = {},
): Promise<ExtractResult> {
  const params = resolveParameters(mapping, given);
  const limits = inputLimits(options.limits);
  const bound = bindInputs(mapping, inputs, limits);
  const roots = options.roots ?? { defaults: process.cwd(), given: process.cwd() };
  const parts = await runBound(mapping, bound, params, { given: new Set(Object.keys(given)), roots });
  return finish(parts, bound[0]?.file);
}

/** Given values, then defaults; a declared parameter with neither stays a wildcard (undefined). */
export function resolveParameters(
  mapping: Mapping,
  given: Readonly<Record<string, string>>,
): Record<string, string | undefined> {
  const declared = mapping.parameters ?? {};
  const unknown = Object.keys(given).filter((name) => !(name in declared));
  if (unknown.length > 0) {
    const known = Object.keys(declared);
    throw new UsageError(
      `mapping "${mapping.name}" has no parameter ${unknown.map((u) => `"${u}"`).join(', ')}`,
      { hint: known.length > 0 ? `its parameters: ${known.join(', ')}` : 'it takes no parameters' },
    );
  }
  const params: Record<string, string | undefined> = {};
  for (const [name, spec] of Object.entries(declared)) {
    params[name] = given[name] ?? spec.default;
    if (params[name] === undefined && spec.required) {
      throw new UsageError(`mapping "${mapping.name}" needs --param ${name}=... (${spec.description})`);
    }
  }
  return params;
}

interface BoundInput {
  name: string;
  spec: SourceSpec;
  file: string;
  limits: InputLimits;
}

/** Inputs bind to the mapping's sources in declaration order. */
function bindInputs(mapping: Mapping, inputs: readonly string[], limits: InputLimits): BoundInput[] {
  const sources = Object.entries(mapping.sources);
  if (inputs.length > sources.length) {
    throw new UsageError(
      `mapping "${mapping.name}" reads ${sources.length} input${sources.length === 1 ? '' : 's'} (${sources.map(([n]) => n).join(', ')}), got ${inputs.length}`,
    );
  }
  const bound: BoundInput[] = [];
  sources.forEach(([name, spec], i) => {
    const file = inputs[i];
    if (file !== undefined) bound.push({ name, spec, file, limits });
    else if (!spec.optional) {
      throw new UsageError(
        `mapping "${mapping.name}" needs an input for source "${name}" (--input #${i + 1})`,
      );
    }
  });
  return bound;
}

async function open(input: BoundInput): Promise<Source> {
  const { description: _d, optional: _o, ...readOptions } = input.spec;
  return openSource(input.file, { ...readOptions, limits: input.limits });
}

async function openTable(input: BoundInput, mappingName: string): Promise<TableSource> {
  const source = await open(input);
  if (source.kind !== 'table') {
    throw new InvalidInputError(
      `${input.file}: a ${source.kind} input, but mapping "${mappingName}" reads tables (CSV or XLSX)`,
    );
  }
  return source;
}

async function runBound(
  mapping: Mapping,
  bound: readonly BoundInput[],
  params: Record<string, string | undefined>,
  files: ParamFiles,
): Promise<ExtractResultParts & { rounded?: boolean }> {
  if (mapping.kind === 'table') {
    const input = bound.find((b) => b.name === mapping.table.source);
    if (!input)
      throw new InvalidInputError(
        `mapping "${mapping.name}": table.source "${mapping.table.source}" is not a declared source with an input`,
      );
    // Declared sets are read first: a bad sets file fails before any input is opened.
    let withSets = await withSetsFile(mapping, params, files);
    // Every bound input is opened before any row is read: a missing second file fails the run.
    const opened = new Map<string, TableSource>();
    for (const b of bound) opened.set(b.name, await openTable(b, mapping.name));
    const from = withSets.table.modifier_sets?.from;
    const setsSource = from ? opened.get(from.source) : undefined;
    let setsParts: { issues: DataIssue[]; rows: number } | undefined;
    if (from && setsSource && from.source !== mapping.table.source) {
      // The sets' options are built before the items stream; sets declared in the mapping win.
      const read = await readSetsSource(from, setsSource, params);
      const spec = withSets.table.modifier_sets;
      if (spec) {
        withSets = {
          ...withSets,
          table: {
            ...withSets.table,
            modifier_sets: { ...spec, sets: { ...read.sets, ...(spec.sets ?? {}) } },
          },
        };
      }
      setsParts = read;
    }
    const source = opened.get(input.name) as TableSource;
    // Table mode rounds every amount as it reads it, so the result skips the copy normalizeMoney makes.
    const parts = await runTableMapping(withSets, source, params);
    if (setsParts) {
      parts.issues = [...setsParts.issues, ...parts.issues];
      parts.rows += setsParts.rows;
    }
    return { ...parts, rounded: true };
  }
  const sources: Record<string, Extract<Source, { kind: 'document' }>> = {};
  for (const input of bound) {
    const source = await open(input);
    if (source.kind !== 'document') {
      throw new InvalidInputError(
        `${input.file}: a table input, but mapping "${mapping.name}" reads JSON documents`,
      );
    }
    sources[input.name] = source;
  }
  const fixed = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return runDocumentMapping(mapping.document, {
    mapping,
    params: fixed,
    sources,
    transforms: { compile: compileTransforms },
  });
}

/** Platform rules on the mapped menu, money rounded to cents, and the counts for the summary. */
export function finish(parts: ExtractResultParts & { rounded?: boolean }, file?: string): ExtractResult {
  const menu = parts.rounded ? parts.menu : normalizeMoney(parts.menu);
  const menuIssues: DataIssue[] = validateMenu(menu, {
    productIdsUnique: parts.productIdsUnique === true,
  }).map((issue) => ({
    code: 'invalid-menu',
    severity: issue.severity,
    message: `${issue.message} (${issue.code})`,
    location: { ...(file ? { file } : {}), path: issue.path },
  }));
  const issues = [...parts.issues, ...menuIssues];
  // Plain loops: a 100k-product menu has a million option values; no intermediate arrays.
  let options = 0;
  let optionValues = 0;
  for (const entity of [menu.categories, menu.products]) {
    for (const e of entity) {
      if (!e.options) continue;
      options += e.options.length;
      for (const o of e.options) optionValues += o.option_values?.length ?? 0;
    }
  }
  let warnings = 0;
  for (const issue of issues) if (issue.severity === 'warning') warnings++;
  return {
    menu,
    issues,
    skipped: parts.skipped,
    stats: {
      rows: parts.rows,
      categories: menu.categories.length,
      products: menu.products.length,
      options,
      option_values: optionValues,
      warnings,
      errors: issues.length - warnings,
    },
  };
}
