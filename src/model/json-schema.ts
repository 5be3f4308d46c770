import { z } from 'zod';
import { ImportPayload } from './import-payload.js';

/** JSON Schema of the import request body, generated from the zod schema (never written by hand). */
export function importPayloadJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ImportPayload, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
