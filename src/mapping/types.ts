import type { ReadNames, SettingNames } from '../model/setting-names.js';
import type { InputLimits } from '../extract/input-limits.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ProgressSink } from '../progress.js';
import type { DataIssue } from '../model/data-issue.js';
import type { DocumentSource } from '../extract/types.js';
import type { DocumentMapping } from './schema.js';
import type { TransformStep } from './value-schema.js';

/** Rows a mapping's filters skipped on purpose (archived, image-only, ...): counted, never silent. */
export interface SkippedRows {
  reason: string;
  count: number;
}

/** One input as it was read: the encoding chosen and why (CSV and JSON), for the summary line. */
export interface InputRead {
  file: string;
  encoding?: string;
  encodingReason?: string;
}

/**
 * Something the run decided that is no problem but changes what goes live, so the report names it:
 * products put in a fallback category, a price taken from a running sale.
 */
export interface ExtractNote {
  code:
    | 'fallback-category'
    | 'sale-price'
    | 'single-variant'
    | 'absent-column'
    | 'product-id-source'
    | 'empty-category';
  message: string;
  location?: DataIssue['location'];
}

/** What extract hands to plan: the desired menu plus everything found wrong or skipped on the way. */
export interface ExtractResult {
  menu: CanonicalMenu;
  issues: DataIssue[];
  /** What the run decided on its own that the report names (fallback category, sale prices). */
  notes: ExtractNote[];
  /** The inputs in the order they were opened. */
  inputs: InputRead[];
  /** The mapping's `money.currency` (ISO 4217), when it names one: reports show prices with it. */
  currency?: string;
  skipped: SkippedRows[];
  stats: {
    rows: number;
    categories: number;
    products: number;
    options: number;
    option_values: number;
    warnings: number;
    errors: number;
  };
}

export interface ExtractRequest {
  /** Path of a mapping file (YAML or JSON), or the name of a shipped mapping in mappings/. */
  mapping: string;
  /** Input files in the order given on the command line. */
  inputs: string[];
  /** Mapping parameters, e.g. { store: 'Chillo' }. */
  params?: Record<string, string>;
  /** Read every CSV and JSON input in this encoding, whatever the mapping says. */
  encoding?: string;
  /** Told the rows read as the inputs stream (table mappings). */
  progress?: ProgressSink;
  /** Resource bounds for reading the inputs (src/extract/input-limits.ts); defaults for those absent. */
  limits?: Partial<InputLimits>;
  /** How the caller names its settings in messages (its flags, or the library's options, the default). */
  names?: MappingNames;
  /**
   * For parameters set by a config target: the config's folder, which files they name must stay
   * inside (others: the mapping's folder; see mapping-files.ts).
   */
  paramDirs?: Record<string, string>;
  /** The run's date (default: now): whether a scheduled sale price applies. A clock a test can fix. */
  now?: Date;
}

/** The settings a mapping run's messages name: its inputs, parameters, encoding and input limits. */
export type MappingNames = Pick<SettingNames, 'inputs' | 'params'> & ReadNames;

/** The pipeline's first two stages, read then map (implemented in extract-menu.ts). */
export type ExtractMenu = (request: ExtractRequest) => Promise<ExtractResult>;

import type { CompiledTransform } from './transforms/types.js';

export type { CompiledTransform, Scalar, TransformSink } from './transforms/types.js';

/** What a mapping mode (table or document) produces; extractMenu adds validation and stats. */
export interface ExtractResultParts {
  menu: CanonicalMenu;
  issues: DataIssue[];
  skipped: SkippedRows[];
  notes?: ExtractNote[];
  /** Rows (table) or entities (document) read, for the summary. */
  rows: number;
  /** True when the mode already left out every product whose ext_id was taken (table mode). */
  productIdsUnique?: boolean;
}

/** What the document engine gets (contract in docs/mapping-format.md, "Document mode contract"). */
export interface DocumentContext {
  mapping: DocumentMapping;
  params: Record<string, string>;
  /** By source name; a `many` source (several inputs, one menu) gives its documents in input order. */
  sources: Record<string, DocumentSource | readonly DocumentSource[]>;
  transforms: { compile: (steps: readonly TransformStep[] | undefined) => CompiledTransform };
  /** How the caller names the mapping parameters in messages (`--param`); default the library's `params`. */
  paramsName?: string;
}
