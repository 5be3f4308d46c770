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

/** A warning per name, short_name and description holding double-encoded UTF-8, by menu path. */
export function doubleEncodedIssues(menu: CanonicalMenu, file: string | undefined): DataIssue[] {
  const issues: DataIssue[] = [];
  const check = (entity: Named, path: string): void => {
    for (const field of ['name', 'short_name', 'description'] as const) {
      const sample = doubleEncodedSample(entity[field]);
      if (sample === undefined) continue;
      issues.push({
        code: 'encoding',
        severity: 'warning',
        message: `${field} of "${entity.ext_id}" holds UTF-8 read as a single-byte encoding (double-encoded: "…${sample}…"); it would go live so: fix the text in the POS or re-export it`,
        location: { ...(file ? { file } : {}), path: `${path}.${field}` },
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
      check(entity, `$.${key}[${i}]`);
      const options = entity.options ?? [];
      for (let o = 0; o < options.length; o++) {
        const option = options[o] as NonNullable<typeof entity.options>[number];
        check(option, `$.${key}[${i}].options[${o}]`);
        const values = option.option_values ?? [];
        for (let v = 0; v < values.length; v++) {
          check(values[v] as Named, `$.${key}[${i}].options[${o}].option_values[${v}]`);
        }
      }
    }
  }
  return issues;
}
