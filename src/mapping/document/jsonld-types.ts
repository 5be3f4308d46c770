// `document.jsonld_types: schema.org`: JSON-LD lets a publisher write one type four ways, and real
// menus use them all: `Menu` (with a schema.org @context), `https://schema.org/Menu`,
// `http://schema.org/Menu` (CoopCycle's API) and `schema:Menu` (a prefix), alone or in a list. A
// mapping filters on the short name; this reads every @type of the vocabulary as that name, so
// `$[?@type=Menu]` and `{ path: '@type[*]', in: [Menu] }` hold whichever way the page wrote it.

/** The spellings of the schema.org vocabulary before a type's short name. */
const SCHEMA_ORG = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i;

/** `http://schema.org/Menu` -> `Menu`; a type of another vocabulary stays as written. */
export function shortTypeName(type: string): string {
  const match = SCHEMA_ORG.exec(type.trim());
  return match ? type.trim().slice(match[0].length) : type;
}

/**
 * Rewrites every `@type` (a text or a list of texts) of a parsed document in place, in one walk
 * (an explicit stack: a deeply nested document must not overflow the call stack). The document is
 * the run's own parse, so nothing else sees the change; nothing but `@type` is touched.
 */
export function shortenTypeNames(document: unknown): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const element of node) if (typeof element === 'object' && element !== null) stack.push(element);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === '@type') record[key] = shorten(value);
      else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
}

function shorten(value: unknown): unknown {
  if (typeof value === 'string') return shortTypeName(value);
  if (Array.isArray(value))
    return value.map((type) => (typeof type === 'string' ? shortTypeName(type) : type));
  return value;
}
