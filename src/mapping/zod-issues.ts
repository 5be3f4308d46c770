import type { z } from 'zod';

export interface DescribedIssue {
  path: PropertyKey[];
  /** Dotted path for people: table.product.price.transforms[0] */
  where: string;
  message: string;
}

/**
 * Turns zod issues into one line each. A union failure (a value spec is a string OR an object)
 * reports the branch that got furthest, so the reader sees "unknown key 'colum'" rather than
 * "invalid input".
 */
export function describeZodIssues(
  issues: readonly z.core.$ZodIssue[],
  base: PropertyKey[] = [],
): DescribedIssue[] {
  return issues.flatMap((issue) => {
    const fullPath = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0] ?? [];
      if (depth(best) > 0 || issue.errors.every((e) => e.length > 0 && e[0]?.code !== 'invalid_type')) {
        return describeZodIssues(best, fullPath);
      }
    }
    let message = issue.message;
    if (issue.code === 'unrecognized_keys')
      message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    return [{ path: fullPath, where: formatPath(fullPath), message }];
  });
}

/** How far into the value a branch's first issue reaches: deeper means the branch matched more. */
function depth(errors: readonly z.core.$ZodIssue[]): number {
  const first = errors[0];
  if (!first) return -1;
  if (first.code === 'invalid_type' && first.path.length === 0) return 0;
  return first.path.length + 1;
}

function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of segments)
    out += typeof seg === 'number' ? `[${seg}]` : out === '' ? String(seg) : `.${String(seg)}`;
  return out === '' ? '(root)' : out;
}
