import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { DataIssue } from '../model/data-issue.js';

/** Rows a mapping's filters skipped on purpose (archived, image-only, ...): counted, never silent. */
export interface SkippedRows {
  reason: string;
  count: number;
}

/** What extract hands to plan: the desired menu plus everything found wrong or skipped on the way. */
export interface ExtractResult {
  menu: CanonicalMenu;
  issues: DataIssue[];
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
}

/** The pipeline's first two stages, read then map (implemented in extract-menu.ts). */
export type ExtractMenu = (request: ExtractRequest) => Promise<ExtractResult>;
