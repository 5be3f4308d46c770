import { z } from 'zod';
import { BROKEN_ANSWERS } from './answer-after-apply.js';
import { BROKEN_PAGES } from './listing-faults.js';

// "The next N matching requests fail in a chosen way, then answer normally."
const Common = {
  count: z.number().int().min(1).optional(),
  /** Endpoint path relative to the base path, e.g. '/menu/import'. Default: any non-/_sandbox request. */
  path: z.string().optional(),
};

export const FaultSpec = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    status: z.number().int().min(400).max(599),
    retryAfterSeconds: z.number().min(0).optional(),
    /** Error code for a 4xx JSON body; a default per status otherwise. */
    code: z.string().optional(),
    ...Common,
  }),
  z.object({ kind: z.enum(['rate-limit', 'internal-error', 'reset', 'lost-after-apply']), ...Common }),
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(0), ...Common }),
  z.object({ kind: z.literal('token-lifetime'), seconds: z.number().int().min(1), ...Common }),
  z.object({ kind: z.literal('invalid-token'), ...Common }),
  /** A redirect to `location` (absolute, or relative to the request), as a misplaced proxy answers. */
  z.object({
    kind: z.literal('redirect'),
    status: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]),
    location: z.string(),
    ...Common,
  }),
  z.object({ kind: z.literal('import-error'), message: z.string().optional(), ...Common }),
  /** The import is applied (when valid), then answered as `answer` says (answer-after-apply.ts). */
  z.object({ kind: z.literal('answer-after-apply'), answer: z.enum(BROKEN_ANSWERS), ...Common }),
  /** A page of GET /menu/categories answered broken (listing-faults.ts); `page` picks one page number. */
  z.object({
    kind: z.literal('categories-page'),
    answer: z.enum(BROKEN_PAGES),
    page: z.number().int().min(1).optional(),
    ...Common,
  }),
]);
export type FaultSpec = z.infer<typeof FaultSpec>;

export const FaultList = z.array(FaultSpec);

export interface FaultContext {
  /** Path relative to the base path. */
  path: string;
  bearer: boolean;
  /** The `page` query parameter, when the request has one. */
  page?: number;
}

// Kinds that only make sense on one kind of request match only those, whatever their `path` says.
function applies(fault: FaultSpec, ctx: FaultContext): boolean {
  if (fault.path !== undefined && fault.path !== ctx.path) return false;
  if (fault.path === undefined && ctx.path.startsWith('/_sandbox')) return false;
  switch (fault.kind) {
    case 'token-lifetime':
      return ctx.path === '/oauth/token';
    case 'invalid-token':
      return ctx.bearer;
    case 'lost-after-apply':
    case 'answer-after-apply':
    case 'import-error':
      return ctx.path === '/menu/import';
    case 'categories-page':
      return ctx.path === '/menu/categories' && (fault.page === undefined || fault.page === ctx.page);
    default:
      return true;
  }
}

/** Faults in injection order; the first one that matches a request is used and counted down. */
export class FaultQueue {
  private faults: { spec: FaultSpec; left: number }[] = [];

  add(specs: FaultSpec[]): void {
    for (const spec of specs) this.faults.push({ spec, left: spec.count ?? 1 });
  }

  clear(): void {
    this.faults = [];
  }

  take(ctx: FaultContext): FaultSpec | undefined {
    const index = this.faults.findIndex((f) => applies(f.spec, ctx));
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.left -= 1;
    if (fault.left <= 0) this.faults.splice(index, 1);
    return fault.spec;
  }
}
