import path from 'node:path';
import { inCallersWords, UsageError, InvalidInputError } from '../errors.js';
import type { DocumentSource, Source, TableSource } from '../extract/types.js';
import { observeRows } from '../extract/observe-rows.js';
import { inputLimits, type InputLimits } from '../extract/input-limits.js';
import { OPTION_NAMES } from '../model/setting-names.js';
import { openSource } from '../extract/registry.js';
import { moneyRules } from '../model/currency.js';
import { DEFAULT_MONEY_RULES, type MoneyRules } from '../model/money.js';
import type { ProgressSink } from '../progress.js';
import { normalizeMoney } from '../model/normalize.js';
import { validateMenu } from '../model/validate-payload.js';
import { optionIdentityConflicts, optionIdentityMessage } from '../model/option-identity.js';
import type { DataIssue } from '../model/data-issue.js';
import { loadMapping, type LoadedMapping } from './loader.js';
import { bindInputs, type BoundInput } from './bind-inputs.js';
import type { ParamFileRoots } from './mapping-files.js';
import type { Mapping } from './schema.js';
import { runTableMapping } from './table/run.js';
import { withSetsFile, type ParamFiles } from './table/sets-file.js';
import { readLinkedSets } from './table/linked-sets.js';
import { LinkChain } from './table/link-chain.js';
import { compileTransforms } from './transforms/index.js';
import { garbledTextIssues } from './garbled-text.js';
import { doubleEncodedIssues } from './double-encoded.js';
import { foldUnpricedIssues } from './unpriced.js';
import { inputRead, mayBeGarbled, type ReadLog } from './read-log.js';
import type { ExtractRequest, ExtractResult, ExtractResultParts, MappingNames } from './types.js';
import { withoutPrototype } from '../model/named-record.js';
import { settleEmptyCategories } from './empty-categories.js';

/** The pipeline's first two stages: read the inputs, map them to the canonical menu. */
export async function extractMenu(request: ExtractRequest): Promise<ExtractResult> {
  const loaded = await loadMapping(request.mapping);
  return runMapping(loaded.mapping, request.inputs, request.params ?? {}, {
    ...(request.encoding !== undefined ? { encoding: request.encoding } : {}),
    ...(request.progress ? { progress: request.progress } : {}),
    ...(request.limits ? { limits: request.limits } : {}),
    ...(request.now ? { now: request.now } : {}),
    ...(request.names ? { names: request.names } : {}),
    roots: paramFileRoots(loaded, request.paramDirs),
  });
}

/** What a run takes besides the mapping, its inputs and its parameters. */
export interface MappingRunOptions {
  /** Every CSV and JSON input in this encoding, whatever the mapping says. */
  encoding?: string;
  /** How the caller names its settings in messages; default the library's option names. */
  names?: MappingNames;
  /** Told the rows read as the inputs stream (table mappings). */
  progress?: ProgressSink;
  /** Resource bounds for reading the inputs (defaults for those absent). */
  limits?: Partial<InputLimits>;
  /** Where files named by parameters must be; default the working directory (a mapping parsed from text). */
  roots?: ParamFileRoots;
  /** The run's date (default: now): whether a scheduled sale price applies. */
  now?: Date;
}

/** What reading the bound inputs needs, passed down to each open. */
interface RunContext {
  log: ReadLog;
  now: Date;
  files: ParamFiles;
  limits: InputLimits;
  names: MappingNames;
  progress?: ProgressSink;
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
  const names = options.names ?? OPTION_NAMES;
  // The extractors word a limit they meet with the library's names; the caller's are known here.
  try {
    return await runWithNames(mapping, inputs, given, options, names);
  } catch (error) {
    throw inCallersWords(error, names);
  }
}

async function runWithNames(
  mapping: Mapping,
  inputs: readonly string[],
  given: Readonly<Record<string, string>>,
  options: MappingRunOptions,
  names: MappingNames,
): Promise<ExtractResult> {
  const params = resolveParameters(mapping, given, names.params);
  const overrides = options.encoding !== undefined ? { encoding: options.encoding } : {};
  const bound = await bindInputs(mapping, inputs, overrides, names);
  const roots = options.roots ?? { defaults: process.cwd(), given: process.cwd() };
  const context: RunContext = {
    log: { sources: [], settings: [mapping, params] },
    now: options.now ?? new Date(),
    files: { given: new Set(Object.keys(given)), roots },
    limits: inputLimits(options.limits),
    names,
    ...(options.progress ? { progress: options.progress } : {}),
  };
  const parts = settleEmptyCategories(
    await runBound(mapping, bound, params, context),
    mapping.empty_categories,
  );
  const read = context.log.sources.map(inputRead);
  const check = { checkText: mayBeGarbled(context.log), money: moneyRules(mapping.money) };
  const currency = mapping.money?.currency;
  return { ...finish(parts, bound[0]?.file, check), inputs: read, ...(currency ? { currency } : {}) };
}

/** Given values, then defaults; a declared parameter with neither stays a wildcard (undefined). */
export function resolveParameters(
  mapping: Mapping,
  given: Readonly<Record<string, string>>,
  /** How the caller names the parameters in messages. */
  paramsName: string = OPTION_NAMES.params,
): Record<string, string | undefined> {
  const declared = mapping.parameters ?? {};
  const unknown = Object.keys(given).filter((name) => !Object.hasOwn(declared, name));
  if (unknown.length > 0) {
    const known = Object.keys(declared);
    throw new UsageError(
      `mapping "${mapping.name}" has no parameter ${unknown.map((u) => `"${u}"`).join(', ')}`,
      { hint: known.length > 0 ? `its parameters: ${known.join(', ')}` : 'it takes no parameters' },
    );
  }
  const params = withoutPrototype<string | undefined>({});
  for (const [name, spec] of Object.entries(declared)) {
    params[name] = (Object.hasOwn(given, name) ? given[name] : undefined) ?? spec.default;
    if (params[name] === undefined && spec.required) {
      throw new UsageError(`mapping "${mapping.name}" needs ${paramsName} ${name}=... (${spec.description})`);
    }
  }
  return params;
}

/** A bound input opened by its extractor with the source's read options. */
export function openInput(
  input: BoundInput,
  limits: InputLimits,
  encodingName: string = OPTION_NAMES.encoding,
): Promise<Source> {
  const { description: _d, optional: _o, ...readOptions } = input.spec;
  return openSource(input.file, { ...readOptions, limits, encodingName });
}

/** The source as a table; a document where a table mapping needs a table is a located error. */
export function asTable(source: Source, mappingName: string): TableSource {
  if (source.kind === 'table') return source;
  throw new InvalidInputError(
    `${source.file}: a ${source.kind} input, but mapping "${mappingName}" reads tables (CSV or XLSX)`,
  );
}

async function open(input: BoundInput, context: RunContext): Promise<Source> {
  const source = await openInput(input, context.limits, context.names.encoding);
  context.log.sources.push(source);
  return source;
}

async function openTable(input: BoundInput, mappingName: string, context: RunContext): Promise<TableSource> {
  const source = asTable(await open(input, context), mappingName);
  return context.progress ? observeRows(source, context.progress) : source;
}

async function runBound(
  mapping: Mapping,
  bound: readonly BoundInput[],
  params: Record<string, string | undefined>,
  context: RunContext,
): Promise<ExtractResultParts & { rounded?: boolean }> {
  if (mapping.kind === 'table') {
    const input = bound.find((b) => b.name === mapping.table.source);
    if (!input)
      throw new InvalidInputError(
        `mapping "${mapping.name}": table.source "${mapping.table.source}" is not a declared source with an input`,
      );
    // Declared sets are read first: a bad sets file fails before any input is opened.
    let withSets = await withSetsFile(mapping, params, context.files);
    // Every bound input is opened before any row is read: a missing second file fails the run.
    const tables = new Map<string, TableSource>();
    if (withSets !== mapping) context.log.settings.push(withSets);
    for (const b of bound) tables.set(b.name, await openTable(b, mapping.name, context));
    const from = withSets.table.modifier_sets?.from;
    const setsSource = from ? tables.get(from.source) : undefined;
    let setsParts: { issues: DataIssue[]; rows: number } | undefined;
    if (from && setsSource && from.source !== mapping.table.source) {
      // The sets' options are built before the items stream; sets declared in the mapping win.
      const read = await readLinkedSets(from, setsSource, tables, params, moneyRules(mapping.money));
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
    const source = tables.get(input.name) as TableSource;
    // Table mode rounds every amount as it reads it, so the result skips the copy normalizeMoney makes.
    const linksSpec = withSets.table.modifier_sets?.links;
    const setLinks = linksSpec
      ? await LinkChain.read(linksSpec, 'modifier_sets.links', tables, params, moneyRules(mapping.money))
      : undefined;
    const parts = await runTableMapping(
      withSets,
      source,
      params,
      context.now,
      setLinks,
      context.names.params,
    );
    if (setsParts) {
      parts.issues = [...setsParts.issues, ...parts.issues];
      parts.rows += setsParts.rows;
    }
    if (setLinks) {
      const known = new Set(Object.keys(withSets.table.modifier_sets?.sets ?? {}));
      parts.issues.push(...setLinks.finish('product', known, 'modifier set'));
      parts.rows += setLinks.rows;
    }
    return { ...parts, rounded: true };
  }
  const sources = withoutPrototype<DocumentSource[]>({});
  for (const input of bound) {
    const source = await open(input, context);
    if (source.kind !== 'document') {
      throw new InvalidInputError(
        `${input.file}: a table input, but mapping "${mapping.name}" reads JSON documents`,
      );
    }
    (sources[input.name] ??= []).push(source);
  }
  const fixed = withoutPrototype(
    Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)),
  );
  // Loaded here: a table mapping (most exports) never needs the document mapper.
  const { runDocumentMapping } = await import('./document/run.js');
  const parts = runDocumentMapping(mapping.document, {
    mapping,
    params: fixed,
    sources,
    transforms: { compile: (steps) => compileTransforms(steps, moneyRules(mapping.money)) },
    paramsName: context.names.params,
  });
  // What the extractor found while reading (invalid bytes), before what the mapping found.
  const read = Object.values(sources).flatMap((list) => list.flatMap((source) => source.issues));
  return read.length > 0 ? { ...parts, issues: [...read, ...parts.issues] } : parts;
}

/** Platform rules on the mapped menu, money rounded to its minor unit, and the counts for the summary. */
export function finish(
  parts: ExtractResultParts & { rounded?: boolean },
  file?: string,
  check: { checkText?: boolean; money?: MoneyRules } = {},
): ExtractResult {
  const money = check.money ?? DEFAULT_MONEY_RULES;
  const menu = parts.rounded ? parts.menu : normalizeMoney(parts.menu, money.digits);
  const menuIssues: DataIssue[] = validateMenu(menu, {
    productIdsUnique: parts.productIdsUnique === true,
    priceLimit: money.limit,
    categoryRequired: true,
  }).map((issue) => ({
    code: 'invalid-menu',
    severity: issue.severity,
    message: `${issue.message} (${issue.code})`,
    location: { ...(file ? { file } : {}), path: issue.path },
  }));
  const identities: DataIssue[] = optionIdentityConflicts(menu).map((conflict) => ({
    code: 'option-identity',
    severity: 'error',
    message: optionIdentityMessage(conflict),
    location: { ...(file ? { file } : {}), path: conflict.path },
  }));
  const garbled = check.checkText === false ? [] : garbledTextIssues(menu, file);
  const doubleEncoded = doubleEncodedIssues(menu, file);
  const issues = [
    ...foldUnpricedIssues(parts.issues),
    ...menuIssues,
    ...identities,
    ...garbled,
    ...doubleEncoded,
  ];
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
    notes: parts.notes ?? [],
    inputs: [],
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
