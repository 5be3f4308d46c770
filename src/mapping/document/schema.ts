import { z } from 'zod';

export const DocumentSection = z.object({}).passthrough();
export type DocumentSection = z.infer<typeof DocumentSection>;
