import type { Extractor } from '../types.js';
import { readJson } from './read-json.js';

export { parseJson } from './parse-json.js';

/** Whole JSON documents (GloriaFood, Uber Eats, Square Catalog API objects, schema.org JSON-LD). */
export const jsonExtractor: Extractor = {
  format: 'json',
  extensions: ['.json', '.jsonld'],
  open: readJson,
};
