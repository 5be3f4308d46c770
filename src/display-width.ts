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
