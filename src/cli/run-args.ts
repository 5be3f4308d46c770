import type { UpdateMode } from '../model/import-payload.js';
import type { InputLimitArgs } from './input-limit-options.js';

/** Options shared by `plan` and `apply`: what to read, which target, which guards, which outputs. */
export interface RunArgs extends InputLimitArgs {
  config?: string;
  target?: string;
  mapping?: string;
  input?: string[];
  param?: string[];
  state?: string;
  'pos-uid'?: string;
  mode?: 'auto' | UpdateMode;
  'allow-deletes'?: string;
  'allow-hiding'?: string;
  'allow-price-changes'?: string;
  'allow-erosion'?: string;
  'erosion-days'?: number;
  'allow-empty'?: boolean;
  protect?: string[];
  json?: boolean;
  'out-json'?: string;
  'out-md'?: string;
  'out-html'?: string;
  quiet?: boolean;
  /** json: one JSON line per event on stderr, instead of the human lines (cli/run-log.ts). */
  'log-format'?: 'text' | 'json';
  encoding?: string;
  /** `--now`: the run's date for scheduled sale prices (cli/now-option.ts). */
  now?: string;
}
