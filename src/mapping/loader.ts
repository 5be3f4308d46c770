import path from 'node:path';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { InvalidInputError } from '../errors.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { cachedMapping, keepMapping, mappingIdentity } from './mapping-cache.js';
import { readSmallTextFile } from './mapping-files.js';
import { Mapping, TableMapping } from './schema.js';
import { yamlToData } from './yaml-data.js';
import { readYamlFast } from './yaml-fast-path.js';
import { describeZodIssues } from './zod-issues.js';

/** mappings/ of the installed package. */
export const SHIPPED_MAPPINGS_DIR = path.join(PACKAGE_ROOT, 'mappings') + path.sep;

/** A mapping file that does not load: every problem, each with file:line. */
export class MappingError extends InvalidInputError {
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    const head = `mapping ${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    super(`${head}:\n  ${problems.join('\n  ')}`, {
      hint: 'fix the mapping; docs/mapping-format.md describes every key',
    });
    this.problems = problems;
  }
}

export interface LoadedMapping {
  mapping: Mapping;
  /** Absolute path of the file read. */
  file: string;
  /** Named by a bare name: one of the package's mappings/. */
  shipped: boolean;
}

/** A bare name (`loyverse-items`) means mappings/<name>/mapping.yaml|.yml|.json of the package. */
export function isBareMappingName(ref: string): boolean {
  return !/[/\\]/.test(ref) && !/\.(ya?ml|json)$/i.test(ref);
}

/** The files a bare mapping name may mean, in the order they are tried: its format folder's mapping. */
export function shippedMappingFiles(name: string): string[] {
  return ['.yaml', '.yml', '.json'].map((ext) => path.join(SHIPPED_MAPPINGS_DIR, name, `mapping${ext}`));
}

export async function resolveMappingFile(ref: string): Promise<{ file: string; text: string }> {
  const candidates = isBareMappingName(ref) ? shippedMappingFiles(ref) : [path.resolve(ref)];
  for (const file of candidates) {
    try {
      return { file, text: await readSmallTextFile(file, 'mapping') };
    } catch (error) {
      if (error instanceof InvalidInputError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new InvalidInputError(`cannot read mapping ${file}: ${(error as Error).message}`);
      }
    }
  }
  throw new InvalidInputError(
    isBareMappingName(ref) ? `no shipped mapping named "${ref}"` : `mapping file not found: ${ref}`,
    {
      hint: `shipped mappings are the folders of ${SHIPPED_MAPPINGS_DIR}; or give a path to a .yaml/.json file`,
    },
  );
}

export async function loadMapping(ref: string): Promise<LoadedMapping> {
  const shipped = isBareMappingName(ref);
  // The file resolveMappingFile would read: the first candidate that is a file.
  let identity: string | null = null;
  for (const candidate of shipped ? shippedMappingFiles(ref) : [path.resolve(ref)]) {
    identity = await mappingIdentity(candidate);
    if (identity === null) continue;
    const mapping = cachedMapping(candidate, identity);
    if (mapping) return { mapping, file: candidate, shipped };
    break;
  }
  const { file, text } = await resolveMappingFile(ref);
  const mapping = parseMappingText(text, file);
  return { mapping: identity === null ? mapping : keepMapping(file, identity, mapping), file, shipped };
}

/** Parses YAML or JSON (JSON is YAML) and validates; throws MappingError listing every problem. */
export function parseMappingText(text: string, file: string): Mapping {
  // A table mapping's errors read better against the table schema than against the union.
  return parseYamlText(text, file, (raw) =>
    isRecord(raw) && raw.kind === 'table' ? TableMapping : Mapping,
  ) as Mapping;
}

/**
 * YAML (or JSON) text validated by a zod schema; every problem, syntax or shape, is reported with
 * file:line in one MappingError. Used for mappings and for the files they point to (modifier sets).
 */
export function parseYamlText<T>(text: string, file: string, schemaFor: (raw: unknown) => z.ZodType<T>): T {
  const quick = readYamlFast(text);
  if (quick) {
    const fast = schemaFor(quick.value).safeParse(quick.value);
    if (fast.success) return fast.data;
    // Not valid: the YAML way below reports every problem with its line.
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new MappingError(
      file,
      doc.errors.map((e) => `${file}:${lineCounter.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`),
    );
  }
  const data = yamlToData(doc, lineCounter);
  if (!data.ok) throw new MappingError(file, [`${file}:${data.line}: ${data.message}`]);
  const raw = data.value;
  const result = schemaFor(raw).safeParse(raw);
  if (result.success) return result.data;
  throw new MappingError(
    file,
    describeZodIssues(result.error.issues).map(
      (i) => `${file}:${lineOf(doc, lineCounter, i.path)}: ${i.where}: ${i.message}`,
    ),
  );
}

/** The line of the deepest node of `segments` that exists in the document. */
function lineOf(doc: Document, lineCounter: LineCounter, segments: readonly PropertyKey[]): number {
  for (let n = segments.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(segments.slice(0, n), true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return 1;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
