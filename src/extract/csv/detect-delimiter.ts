export type CsvDelimiter = ',' | ';' | '\t' | '|';

export const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];

/** Records looked at; enough to see past a title line or two above the header. */
const SAMPLE_RECORDS = 30;

/**
 * Per logical record (quoted line breaks do not end a record), how often each candidate
 * appears outside quotes. The last, possibly cut-off record of the sample is dropped.
 */
export function countDelimiters(text: string): number[][] {
  const records: number[][] = [];
  let counts = [0, 0, 0, 0];
  let quoted = false;
  let seen = false;
  for (let i = 0; i < text.length && records.length < SAMPLE_RECORDS; i++) {
    const char = text[i];
    if (char === '"') {
      quoted = !quoted;
      seen = true;
    } else if (quoted) {
      continue;
    } else if (char === '\n' || char === '\r') {
      if (seen) records.push(counts);
      if (char === '\r' && text[i + 1] === '\n') i++;
      counts = [0, 0, 0, 0];
      seen = false;
    } else {
      seen = true;
      const index = DELIMITERS.indexOf(char as CsvDelimiter);
      if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  return records;
}

/**
 * The candidate whose count is the same, and not zero, on the most records: consistency beats
 * frequency (a comma inside text is frequent in one line, a real delimiter is steady on all).
 * Ties go to the larger count, then to the order of DELIMITERS. Comma when nothing fits.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const records = countDelimiters(text);
  let best: CsvDelimiter = ',';
  let bestScore = 0;
  let bestCount = 0;
  DELIMITERS.forEach((delimiter, index) => {
    const tally = new Map<number, number>();
    for (const counts of records) {
      const count = counts[index] ?? 0;
      if (count > 0) tally.set(count, (tally.get(count) ?? 0) + 1);
    }
    for (const [count, lines] of tally) {
      if (lines > bestScore || (lines === bestScore && count > bestCount)) {
        best = delimiter;
        bestScore = lines;
        bestCount = count;
      }
    }
  });
  return best;
}
