import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { DataIssue } from '../model/data-issue.js';

// Text that was UTF-8, read once as Windows-1252 (or MacRoman) and written back as UTF-8 before it
// reached the export: `•` became `â€¢`, a no-break space `Â `, `é` `Ã©`. The bytes are valid, so no
// decoder complains; the guest would read the garbage. Each such text is a located warning.

// Â before a space or a Latin-1 sign (UTF-8 C2 xx), Ã before a character that Windows-1252 gives
// for 80-BF (UTF-8 C3 xx: é, ü, ...), and â€ (UTF-8 E2 80 xx: • – — ‘ ’ “ ” …). Real words have
// none of these pairs ("SÃO", "château" are untouched).
const SIGNS =
  '\\u00A0-\\u00BF\\u0152\\u0153\\u0160\\u0161\\u0178\\u017D\\u017E\\u0192\\u02C6\\u02DC\\u2013\\u2014\\u2018-\\u201E\\u2020-\\u2022\\u2026\\u2030\\u2039\\u203A\\u20AC\\u2122';
const DOUBLE_ENCODED = new RegExp(`Â(?=[\\s${SIGNS}]|$)|Ã[${SIGNS}]|â€`);
// The cheap test first: most texts have none of the three letters.
const LEAD = /[ÂÃâ]/;

/** The first double-encoded sequence in a text, or undefined. */
export function doubleEncodedSample(text: string | undefined): string | undefined {
  if (text === undefined || !LEAD.test(text)) return undefined;
  const m = DOUBLE_ENCODED.exec(text);
  if (!m) return undefined;
  return text
    .slice(Math.max(0, m.index - 12), m.index + 12)
    .replace(/\s+/g, ' ')
    .trim();
}

type Named = { ext_id: string; name?: string; short_name?: string; description?: string };

const FIELDS = ['name', 'short_name', 'description'] as const;

/** `$.products[3].options[0].option_values[1]`: an option's index is -1 for the entity itself, a value's for the option. */
function menuPath(key: string, i: number, o: number, v: number): string {
  const entity = `$.${key}[${i}]`;
  if (o < 0) return entity;
  return v < 0 ? `${entity}.options[${o}]` : `${entity}.options[${o}].option_values[${v}]`;
}

/**
 * A warning per name, short_name and description holding double-encoded UTF-8, by menu path. The
 * path is built for a text found only: a 100k-product menu has a million option values.
 */
export function doubleEncodedIssues(menu: CanonicalMenu, file: string | undefined): DataIssue[] {
  const issues: DataIssue[] = [];
  const check = (entity: Named, key: string, i: number, o: number, v: number): void => {
    for (const field of FIELDS) {
      const sample = doubleEncodedSample(entity[field]);
      if (sample === undefined) continue;
      issues.push({
        code: 'encoding',
        severity: 'warning',
        message: `${field} of "${entity.ext_id}" holds UTF-8 read as a single-byte encoding (double-encoded: "…${sample}…"); it would go live so: fix the text in the POS or re-export it`,
        location: { ...(file ? { file } : {}), path: `${menuPath(key, i, o, v)}.${field}` },
      });
    }
  };
  const lists = [
    ['categories', menu.categories],
    ['products', menu.products],
  ] as const;
  for (const [key, list] of lists) {
    for (let i = 0; i < list.length; i++) {
      const entity = list[i] as (typeof list)[number];
      check(entity, key, i, -1, -1);
      const options = entity.options;
      if (!options) continue;
      for (let o = 0; o < options.length; o++) {
        const option = options[o] as NonNullable<typeof entity.options>[number];
        check(option, key, i, o, -1);
        const values = option.option_values;
        if (!values) continue;
        for (let v = 0; v < values.length; v++) check(values[v] as Named, key, i, o, v);
      }
    }
  }
  return issues;
}
