/**
 * Problems found in input data or mappings. Every row that is not turned into menu content becomes
 * either a DataIssue or a counted skip: in a replace import a dropped row deletes a live product.
 */
export const DATA_ISSUE_CODES = [
  'missing-column', // a column the mapping needs is not in the header
  'duplicate-column', // two header cells with the same name (an error when the mapping reads it)
  'missing-value', // a required cell is empty
  'bad-price', // a price cell that is not a number (after the money transform)
  'bad-number', // a numeric cell that is not a number
  'bad-boolean', // a boolean cell that is none of the known spellings
  'empty-ext-id', // an ext_id template produced an empty string
  'duplicate-ext-id', // two entities with the same ext_id in one scope
  'empty-group', // a product group, option or option set with nothing in it
  'unknown-category', // a product's category is not defined
  'unknown-parent', // a variant/continuation row whose parent cannot be found
  'unknown-reference', // an id that points at nothing (modifier set, JSON reference)
  'not-a-list', // a JSON path's [*] met an object keyed by id (to be read with .*)
  'header-not-found', // no row looked like the header
  'malformed-row', // the file cannot be parsed at this point (quotes, field count)
  'malformed-value', // a cell whose structure cannot be read as written (a packed cell's unbalanced parenthesis)
  'encoding', // bytes that do not decode in the detected encoding
  'cell-error', // a workbook cell holds an error value (#N/A, #DIV/0!, ...) instead of a value
  'invalid-menu', // the mapped menu breaks a platform rule (see model/validate-payload.ts)
  'unseen-enum-value', // a value the platform is not known to accept
  'input-not-found', // an input file that cannot be read
  'unsupported-format', // an input whose format no extractor reads
  'unpriced', // a visible product or variant that would sell with no price or at 0 (mapping key `unpriced`)
  'option-identity', // one option or value ext_id given two different contents under two parents
  'invisible-character', // a control or invisible format character in a name or description
  'per-unit-price', // a product sold by weight or length: its price is per kg or metre (mapping key `warn`)
  'variant-base', // `variants.base: flagged`: no default variant, several, or one that is not the cheapest
] as const;
export type DataIssueCode = (typeof DATA_ISSUE_CODES)[number];

export interface DataLocation {
  file?: string;
  sheet?: string;
  /** 1-based physical row (CSV record line or sheet row number) as a spreadsheet shows it. */
  row?: number;
  /** Column header name as written in the file. */
  column?: string;
  /** For JSON inputs: a JSON path such as $.categories[2].items[0].price */
  path?: string;
}

export interface DataIssue {
  code: DataIssueCode;
  severity: 'error' | 'warning';
  message: string;
  location: DataLocation;
}

export function formatLocation(loc: DataLocation): string {
  const parts: string[] = [];
  if (loc.file) parts.push(loc.file);
  if (loc.sheet) parts.push(`sheet "${loc.sheet}"`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.column) parts.push(`column "${loc.column}"`);
  if (loc.path) parts.push(loc.path);
  return parts.join(', ');
}
