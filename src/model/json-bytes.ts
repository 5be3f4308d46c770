import type { z } from 'zod';

/**
 * A stored JSON file read as `schema`, or null when it is absent, not JSON or of another shape:
 * for the files of a run's record that a page or a command shows when they are there.
 */
export function parseJsonBytes<T>(schema: z.ZodType<T>, bytes: Buffer | null): T | null {
  if (bytes === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
