import type { Extractor } from '../types.js';
import { readCsv } from './read-csv.js';

export { detectDelimiter } from './detect-delimiter.js';
export { detectEncoding } from './detect-encoding.js';

/** Delimited text: CSV, semicolon-separated, TSV, pipe-separated. */
export const csvExtractor: Extractor = {
  format: 'csv',
  extensions: ['.csv', '.tsv'],
  open: readCsv,
};
