const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9A-Fa-f]{1,6}));/g;

function codePoint(value: number, raw: string): string {
  return value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff) ? String.fromCodePoint(value) : raw;
}

/**
 * Character data as XML defines it: line ends normalized to LF (a parser does that before
 * anything else, so a literal CR never survives, but `&#13;` does), then the five named entities
 * and character references decoded. Nothing else is an entity: .xlsx parts declare none.
 */
export function decodeXml(raw: string): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (match, named?: string, decimal?: string, hex?: string) => {
    if (named) return ENTITIES[named] ?? match;
    return codePoint(decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16), match);
  });
}

/**
 * Excel's own escape inside cell text: `_xHHHH_` is the UTF-16 unit HHHH (how it stores a CR or
 * other characters XML 1.0 cannot carry), and `_x005F_` is a literal `_` so text that happens to
 * look like an escape survives ([MS-OI29500] 2.1.1200, ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
 */
export function decodeExcelEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Cell text as Excel shows it: XML decoded, then Excel's escapes. */
export function decodeCellText(raw: string): string {
  return decodeExcelEscapes(decodeXml(raw));
}

/** An attribute's decoded value from a tag's text, or undefined. `name` may carry a prefix (`r:id`). */
export function attribute(tag: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = tag.indexOf(name, from);
    if (at < 0) return undefined;
    from = at + name.length;
    const before = tag.charCodeAt(at - 1);
    if (before !== 0x20 && before !== 0x09 && before !== 0x0a && before !== 0x0d) continue;
    let i = from;
    while (tag.charCodeAt(i) === 0x20) i++;
    if (tag.charCodeAt(i) !== 0x3d /* = */) continue;
    i++;
    while (tag.charCodeAt(i) === 0x20) i++;
    const quote = tag[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = tag.indexOf(quote, i + 1);
    if (end < 0) return undefined;
    return decodeXml(tag.slice(i + 1, end));
  }
}
