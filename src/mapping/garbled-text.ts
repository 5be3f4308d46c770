import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { DataIssue } from '../model/data-issue.js';
import type { ImportOption } from '../model/import-payload.js';
import {
  hasInvisible,
  listInvisible,
  mayHoldInvisible,
  quoteVisibly,
} from '../model/invisible-characters.js';

type Named = { ext_id: string; name?: string; short_name?: string; description?: string };

/** U+FFFD (what a decoder leaves for bytes it could not read) or NUL: never meant for a guest. */
function garbled(text: string | undefined): boolean {
  return text !== undefined && (text.indexOf('\uFFFD') >= 0 || text.indexOf('\u0000') >= 0);
}

function invisible(text: string | undefined, field: keyof Named): boolean {
  return text !== undefined && hasInvisible(text, field === 'description' ? 'description' : 'name');
}

function flawed(entity: Named, field: 'name' | 'short_name' | 'description'): boolean {
  const text = entity[field];
  return garbled(text) || invisible(text, field);
}

/** Whether a text may be flawed: the cheap tests that clear almost every text. */
function suspect(text: string | undefined): boolean {
  return text !== undefined && (garbled(text) || mayHoldInvisible(text));
}

function hit(entity: Named): boolean {
  return suspect(entity.name) || suspect(entity.short_name) || suspect(entity.description);
}

function what(text: string): string {
  const replacement = text.includes('\uFFFD');
  const nul = text.includes('\u0000');
  return replacement && nul ? 'U+FFFD and NUL' : replacement ? 'U+FFFD' : 'NUL';
}

/**
 * A warning for every name and description that would reach the platform holding U+FFFD or NUL
 * (`encoding`), or a control or invisible format character (`invisible-character`,
 * model/invisible-characters.ts),
 * whatever the input format: from invalid bytes (also an error where they were read), a UTF-16
 * file with a broken pair, an XLSX cell or a JSON string that holds one. Located by the JSON
 * path in the menu and the entity's ext_id (the menu no longer knows its rows). Linear: one test
 * of each text field.
 */
export function garbledTextIssues(menu: CanonicalMenu, file: string | undefined): DataIssue[] {
  const issues: DataIssue[] = [];
  const report = (entity: Named, field: keyof Named, path: string): void => {
    const text = entity[field] ?? '';
    const location = { ...(file ? { file } : {}), path: `${path}.${field}` };
    if (garbled(text)) {
      issues.push({
        code: 'encoding',
        severity: 'warning',
        message: `${field} of "${entity.ext_id}" holds ${what(text)} and would go live as ${quoteVisibly(text)}`,
        location,
      });
    }
    if (invisible(text, field)) {
      issues.push({
        code: 'invisible-character',
        severity: 'warning',
        message: `${field} of "${entity.ext_id}" holds characters a guest cannot see (${listInvisible(text, field === 'description' ? 'description' : 'name')}) and would go live as ${quoteVisibly(text)}`,
        location,
      });
    }
  };
  const check = (entity: Named, path: string): void => {
    for (const field of ['name', 'short_name', 'description'] as const)
      if (flawed(entity, field)) report(entity, field, path);
  };
  // Plain property reads, native indexOf and no allocation unless something is found: a
  // 100k-product menu has a million option values.
  const entities = [
    ['categories', menu.categories],
    ['products', menu.products],
  ] as const;
  for (const [key, list] of entities) {
    for (let i = 0; i < list.length; i++) {
      const entity = list[i] as Named & { options?: ImportOption[] };
      if (hit(entity)) check(entity, `$.${key}[${i}]`);
      const options = entity.options;
      if (!options) continue;
      for (let o = 0; o < options.length; o++) {
        const option = options[o] as ImportOption;
        if (hit(option)) check(option, `$.${key}[${i}].options[${o}]`);
        const values = option.option_values;
        if (!values) continue;
        for (let v = 0; v < values.length; v++) {
          const value = values[v] as Named;
          if (hit(value)) check(value, `$.${key}[${i}].options[${o}].option_values[${v}]`);
        }
      }
    }
  }
  return issues;
}
