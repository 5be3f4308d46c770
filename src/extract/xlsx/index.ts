import type { InputLimits } from '../input-limits.js';
import type { Extractor } from '../types.js';

// The xlsx reader (a zip and XML scanner, some twenty modules) is loaded only when a workbook is
// read: a CSV or JSON run does not pay for it at start-up.
const reader = () => import('./read-xlsx.js');

/** Excel workbooks (.xlsx); one sheet per source. */
export const xlsxExtractor: Extractor = {
  format: 'xlsx',
  extensions: ['.xlsx', '.xlsm'],
  open: async (file, options) => (await reader()).readXlsx(file, options),
};

/** Sheet names in workbook order (for `menusync init` and for choosing options.sheet). */
export async function listSheets(file: string, limits?: InputLimits): Promise<string[]> {
  return (await reader()).listSheets(file, limits);
}
