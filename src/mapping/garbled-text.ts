import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { DataIssue } from '../model/data-issue.js';
import type { ImportOption } from '../model/import-payload.js';

/** U+FFFD (what a decoder leaves for bytes it could not read) or NUL: never meant for a guest. */
// The pattern has to name NUL to find it.
// eslint-disable-next-line no-control-regex
const GARBLED = /[\uFFFD\u0000]/;

const FIELDS = ['name', 'short_name', 'description'] as const;
type TextFields = Partial<Record<(typeof FIELDS)[number], string>> & { ext_id: string };

function what(text: string): string {
  const replacement = text.includes('\uFFFD');
  const nul = text.includes('\u0000');
  return replacement && nul ? 'U+FFFD and NUL' : replacement ? 'U+FFFD' : 'NUL';
}

/**
 * A warning for every name and description that would reach the platform holding U+FFFD or NUL,
 * whatever the input format: from invalid bytes (also an error where they were read), a UTF-16
 * file with a broken pair, an XLSX cell or a JSON string that holds one. Located by the JSON
 * path in the menu and the entity's ext_id (the menu no longer knows its rows). Linear: one test
 * of each text field.
 */
export function garbledTextIssues(menu: CanonicalMenu, file: string | undefined): DataIssue[] {
  const issues: DataIssue[] = [];
  const check = (entity: TextFields, path: string): void => {
    for (const field of FIELDS) {
      const text = entity[field];
      if (text === undefined || !GARBLED.test(text)) continue;
      issues.push({
        code: 'encoding',
        severity: 'warning',
        message: `${field} of "${entity.ext_id}" holds ${what(text)} and would go live as ${JSON.stringify(text)}`,
        location: { ...(file ? { file } : {}), path: `${path}.${field}` },
      });
    }
  };
  const checkOptions = (options: readonly ImportOption[] | undefined, path: string): void => {
    options?.forEach((option, i) => {
      check(option, `${path}.options[${i}]`);
      option.option_values?.forEach((value, j) => check(value, `${path}.options[${i}].option_values[${j}]`));
    });
  };
  menu.categories.forEach((category, i) => {
    check(category, `$.categories[${i}]`);
    checkOptions(category.options, `$.categories[${i}]`);
  });
  menu.products.forEach((product, i) => {
    check(product, `$.products[${i}]`);
    checkOptions(product.options, `$.products[${i}]`);
  });
  return issues;
}
