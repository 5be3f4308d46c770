import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { InvalidInputError } from '../errors.js';
import { MappingError, parseYamlText, SHIPPED_MAPPINGS_DIR } from '../mapping/loader.js';
import { readSmallTextFile } from '../mapping/mapping-files.js';
import { FormatFile, patternOf, type RecognitionRule } from './format-file.js';
import type { HeaderPattern } from './header-pattern.js';
import { compileJsonConditions, type DocumentTest } from './json-conditions.js';

/**
 * The POS exports `menusync init` recognizes, read from the format folders: every
 * `mappings/<name>/format.yaml` ties its recognitions to the mapping beside it. Table formats are
 * told apart by header names only (never by data), so a recognition is cheap and explainable:
 * "these headers are all there". Adding a format is a folder, never code.
 */

/** A header the format must have: an exact name (case-insensitive, trimmed) or a pattern. */
export type HeaderRule = string | HeaderPattern;

interface FormatBase {
  /** Stable id, shown to the user and used in tests. */
  id: string;
  label: string;
  /** Name of the shipped mapping that reads this format: its folder's name. */
  mapping: string;
  /** The format.yaml it was read from. */
  file: string;
}

export interface TableFormat extends FormatBase {
  /** Every rule must match some header. The format with the most rules matched wins a tie. */
  requires: HeaderRule[];
  /**
   * Mapping parameters read from header names, e.g. the store in `Price [<store>]`: the pattern's
   * first capture group on the first matching header; the other matches are listed as alternatives.
   */
  params?: Record<string, HeaderPattern>;
}

export interface DocumentFormat extends FormatBase {
  /** Recognizes the parsed JSON by its shape. */
  matches: DocumentTest;
  /** How many conditions must hold: the format that asks the most wins when several match. */
  conditions: number;
}

export interface KnownFormats {
  table: TableFormat[];
  document: DocumentFormat[];
}

const FORMAT_FILE = 'format.yaml';

/** A format.yaml that does not load: every problem with file:line. */
export class FormatFileError extends InvalidInputError {
  constructor(file: string, problems: readonly string[]) {
    super(
      `format file ${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`,
      {
        hint: 'fix the format file; docs/mappings.md "Adding a format" describes every key',
      },
    );
  }
}

const cache = new Map<string, Promise<KnownFormats>>();

/** Every format of the folders of `dir` (default: the package's mappings/), read once per process. */
export function knownFormats(dir: string = SHIPPED_MAPPINGS_DIR): Promise<KnownFormats> {
  const key = path.resolve(dir);
  let found = cache.get(key);
  if (!found) {
    found = readFormats(key);
    cache.set(key, found);
    // A failed read is not remembered: the user fixes the file and the next call reads it again.
    found.catch(() => cache.delete(key));
  }
  return found;
}

async function readFormats(dir: string): Promise<KnownFormats> {
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const formats: KnownFormats = { table: [], document: [] };
  for (const name of folders) {
    const file = path.join(dir, name, FORMAT_FILE);
    let text: string;
    try {
      text = await readSmallTextFile(file, 'format file');
    } catch (error) {
      // A folder without format.yaml is a mapping init does not recognise (the contract test
      // requires one for every shipped format).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const format = parseFormatFile(text, file);
    for (const rule of format.recognize) {
      const taken = [...formats.table, ...formats.document].find((f) => f.id === rule.id);
      if (taken) {
        throw new FormatFileError(file, [`recognition id "${rule.id}" is already used in ${taken.file}`]);
      }
      addRule(formats, rule, { id: rule.id, label: rule.label ?? format.label, mapping: name, file });
    }
  }
  return formats;
}

/** Parses and validates one format.yaml; throws FormatFileError listing every problem with its line. */
export function parseFormatFile(text: string, file: string): FormatFile {
  try {
    return parseYamlText(text, file, () => FormatFile);
  } catch (error) {
    if (error instanceof MappingError) throw new FormatFileError(file, error.problems);
    throw error;
  }
}

function addRule(formats: KnownFormats, rule: RecognitionRule, base: FormatBase): void {
  if (rule.kind === 'table') {
    formats.table.push({
      ...base,
      requires: rule.headers.map((header) => patternOf(header) ?? header),
      ...(rule.params ? { params: compileParams(rule.params) } : {}),
    });
  } else {
    formats.document.push({
      ...base,
      matches: compileJsonConditions(rule.json),
      conditions: rule.json.length,
    });
  }
}

function compileParams(params: Record<string, string>): Record<string, HeaderPattern> {
  // Validated by the schema: every pattern is a /…/flags regular expression.
  return Object.fromEntries(
    Object.entries(params).flatMap(([name, text]) => {
      const pattern = patternOf(text);
      return pattern ? [[name, pattern]] : [];
    }),
  );
}
