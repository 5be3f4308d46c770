import type { Extractor } from '../types.js';
import { readXlsx } from './read-xlsx.js';

export { listSheets } from './read-xlsx.js';

/** Excel workbooks (.xlsx); one sheet per source. */
export const xlsxExtractor: Extractor = {
  format: 'xlsx',
  extensions: ['.xlsx', '.xlsm'],
  open: readXlsx,
};
