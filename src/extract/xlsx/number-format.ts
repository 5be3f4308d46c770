/**
 * What a number cell means, by its number format: a plain number, a date (with or without a time
 * of day), a time of day, or a duration (elapsed time such as `[h]:mm`). Excel stores all four as
 * a number; only the format tells them apart.
 */
export type NumberKind = 'number' | 'date' | 'time' | 'duration';

/**
 * Built-in formats (ECMA-376 Part 1, 18.8.30) that are dates or times. 27-36 and 50-58 are the
 * East Asian date formats (their text depends on the locale; all are dates).
 */
const BUILT_IN: ReadonlyMap<number, NumberKind> = new Map([
  ...[14, 15, 16, 17, 22].map((id) => [id, 'date'] as const),
  ...[18, 19, 20, 21, 45, 47].map((id) => [id, 'time'] as const),
  [46, 'duration'] as const,
  ...[27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58].map((id) => [id, 'date'] as const),
  ...[32, 33, 55, 56].map((id) => [id, 'time'] as const),
]);

/**
 * Parts of a format that show no date or time: quoted text, escaped characters, `_x` spacing and
 * `*x` fill, and bracketed codes (colours, conditions, locales) other than elapsed-time `[h]`,
 * `[mm]`, `[ss]`.
 */
const LITERALS = /"[^"]*"|\\.|[_*].|\[(?![hms]+\])[^\]]*\]/gi;
const ELAPSED = /\[(?:h+|m+|s+)\]/i;

/** The kind of a format code (only its first section counts: it is the one for positive numbers). */
export function formatKind(code: string): NumberKind {
  const section = (code.split(';')[0] ?? '').replace(LITERALS, '');
  if (ELAPSED.test(section)) return 'duration';
  // A lone `AM/PM` still shows the time of day (Excel shows "AM" or "PM").
  const halfDay = /AM\/PM|A\/P/i.test(section);
  const tokens = section.replace(/general|E[+-]|AM\/PM|A\/P/gi, '');
  // `e` is the Japanese era year (`ge.m.d`), `b` the Buddhist year (`bbbb`).
  if (/[dyeb]/i.test(tokens)) return 'date';
  if (halfDay || /[hs]/i.test(tokens)) return 'time';
  if (/m/i.test(tokens)) return 'date';
  return 'number';
}

/** The kind of built-in format `id`, or of its own code when the workbook defines one. */
export function numberKind(id: number, custom: ReadonlyMap<number, string>): NumberKind {
  const code = custom.get(id);
  if (code !== undefined) return formatKind(code);
  return BUILT_IN.get(id) ?? 'number';
}
