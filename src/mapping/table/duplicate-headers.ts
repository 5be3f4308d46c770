import type { CompileContext } from './compile-context.js';

/** `C` for index 2, `AA` for 26: how a spreadsheet names the column. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Header names given to more than one column, compared trimmed and case-insensitively as column
 * references are. A `duplicate-column` warning at the header row; an error when the mapping reads
 * that name, since it would take the first such column and nobody can tell whether that is the one
 * meant (an export with two `Price` columns). Blank header cells are not names. Runs after the
 * mapping is compiled, when the columns it reads are known.
 */
export function reportDuplicateHeaders(ctx: CompileContext): void {
  const byName = new Map<string, number[]>();
  ctx.headers.headers.forEach((header, index) => {
    const name = header.trim().toLowerCase();
    if (name === '') return;
    const indexes = byName.get(name);
    if (indexes) indexes.push(index);
    else byName.set(name, [index]);
  });
  const read = new Set(ctx.headers.readColumns());
  for (const indexes of byName.values()) {
    if (indexes.length < 2) continue;
    const name = (ctx.headers.headers[indexes[0] ?? 0] ?? '').trim();
    const where = indexes.map((i) => `${i + 1} (${columnLetters(i)})`).join(', ');
    const head = `the header names ${indexes.length} columns "${name}" (columns ${where})`;
    if (indexes.some((i) => read.has(i))) {
      ctx.headerIssue(
        'duplicate-column',
        'error',
        `${head}: the mapping reads "${name}" and cannot tell which one is meant; rename or remove one in the export`,
        name,
      );
    } else {
      ctx.headerIssue('duplicate-column', 'warning', `${head}; the mapping does not read it`, name);
    }
  }
}
