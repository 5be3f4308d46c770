import type { Extractor } from '../types.js';
import { readHtml } from './read-html.js';

/** HTML pages, read for their `<script type="application/ld+json">` blocks (schema.org menus). */
export const htmlExtractor: Extractor = {
  format: 'html',
  extensions: ['.html', '.htm'],
  open: readHtml,
};
