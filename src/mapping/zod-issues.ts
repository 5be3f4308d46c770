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
      message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${safeKey(k)}"`).join(', ')}`;
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
    out +=
      typeof seg === 'number' ? `[${seg}]` : out === '' ? safeKey(String(seg)) : `.${safeKey(String(seg))}`;
  return out === '' ? '(root)' : out;
}

// A name-like key: letters, digits, spaces and the punctuation of set and column names.
const NAME_LIKE = /^[\p{L}\p{N}$_@][\p{L}\p{N} _.()&'+#-]{0,47}$/u;

/**
 * A key as it may appear in an error. Keys are how a problem is found, but a file that was never
 * a mapping (a password file named by a parameter) has whole lines of content as its keys: only
 * name-like keys are shown, anything else as a placeholder (the line number still points at it).
 */
export function safeKey(key: string): string {
  return NAME_LIKE.test(key) ? key : `<key of ${key.length} characters>`;
}
