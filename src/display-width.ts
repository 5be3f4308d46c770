import stringWidth from 'string-width';

// Terminal tables are aligned by the columns text takes on screen, not by its UTF-16 length: a
// CJK character or an emoji takes two columns, a combining mark none, a surrogate pair one
// character (string-width follows Unicode's East Asian Width and grapheme clusters).

/** The terminal columns `text` takes. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** `text` followed by spaces up to `width` columns (as String#padEnd, by display width). */
export function padEndDisplay(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? text + ' '.repeat(missing) : text;
}

/** Spaces, then `text`, up to `width` columns (as String#padStart, by display width). */
export function padStartDisplay(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? ' '.repeat(missing) + text : text;
}

/**
 * A terminal table: the header and the rows as lines, columns two spaces apart and as wide as their
 * widest cell on screen; `rightAligned` holds the indexes of columns of numbers.
 */
export function alignedRows(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: ReadonlySet<number> = new Set(),
): string[] {
  const widths = header.map((title, i) =>
    Math.max(displayWidth(title), ...rows.map((row) => displayWidth(row[i]!))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        rightAligned.has(i) ? padStartDisplay(cell, widths[i]!) : padEndDisplay(cell, widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
