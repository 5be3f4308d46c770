import { InvalidInputError } from '../../errors.js';
import type { DocumentContext, ExtractResultParts } from '../types.js';
import type { DocumentSection } from './schema.js';

// Placeholder until the document engine lands (its owner replaces this file).
export function runDocumentMapping(_section: DocumentSection, ctx: DocumentContext): ExtractResultParts {
  throw new InvalidInputError(`mapping "${ctx.mapping.name}": document mappings are not supported yet`);
}
