// The `<script type="application/ld+json">` blocks of an HTML page, found by a forward scan: no
// HTML parser, no tree, nothing executed. Script content is raw text in HTML (no entities, no
// tags), so the JSON is what lies between the start tag and the next `</script`. Comments are
// skipped (a block commented out is not published), attribute values may hold `>` in quotes,
// tag and attribute names are case-insensitive, and the type may carry parameters
// (`application/ld+json; charset=utf-8`).

export interface ScriptBlock {
  /** The block's text, with `<!--`/`-->` and CDATA wrappers blanked (offsets stay the page's). */
  json: string;
  /** UTF-16 offset of `json` in the page, for line and column in errors. */
  offset: number;
}

const SCRIPT_OPEN = /<script(?=[\s/>])/iy;
const SCRIPT_CLOSE = /<\/script/gi;
const ATTRIBUTE = /([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// Wrappers old pages put around script content so that browsers without scripts show nothing.
const OPENERS = ['<!--', '//<![CDATA[', '/*<![CDATA[*/', '<![CDATA['];
const CLOSERS = ['-->', '//]]>', '/*]]>*/', ']]>'];

/** Every JSON-LD script block of the page, in page order. Linear in the page's length. */
export function ldJsonBlocks(page: string): ScriptBlock[] {
  const blocks: ScriptBlock[] = [];
  let at = page.indexOf('<');
  while (at >= 0 && at < page.length) {
    if (page.startsWith('<!--', at)) {
      const end = page.indexOf('-->', at + 4);
      if (end < 0) break;
      at = page.indexOf('<', end + 3);
      continue;
    }
    SCRIPT_OPEN.lastIndex = at;
    if (!SCRIPT_OPEN.test(page)) {
      at = page.indexOf('<', at + 1);
      continue;
    }
    const tagEnd = endOfTag(page, SCRIPT_OPEN.lastIndex);
    if (tagEnd < 0) break;
    SCRIPT_CLOSE.lastIndex = tagEnd + 1;
    const close = SCRIPT_CLOSE.exec(page);
    const contentEnd = close ? close.index : page.length;
    if (isLdJson(page.slice(SCRIPT_OPEN.lastIndex, tagEnd)))
      blocks.push(unwrapped(page.slice(tagEnd + 1, contentEnd), tagEnd + 1));
    if (!close) break;
    at = page.indexOf('<', contentEnd + 1);
  }
  return blocks;
}

/** The offset of the `>` ending a start tag whose attributes begin at `from` (quotes respected). */
function endOfTag(page: string, from: number): number {
  let quote = '';
  for (let i = from; i < page.length; i++) {
    const c = page[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

function isLdJson(attributes: string): boolean {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]?.toLowerCase() !== 'type') continue;
    const type = match[2] ?? match[3] ?? match[4] ?? '';
    // The first `type` attribute counts, as in a browser.
    return type.split(';')[0]?.trim().toLowerCase() === 'application/ld+json';
  }
  return false;
}

/** The content with one opening and one closing wrapper blanked (same length: offsets hold). */
function unwrapped(content: string, offset: number): ScriptBlock {
  let json = content;
  const first = json.search(/\S/);
  const opener = first < 0 ? undefined : OPENERS.find((o) => json.startsWith(o, first));
  if (opener) json = json.slice(0, first) + ' '.repeat(opener.length) + json.slice(first + opener.length);
  const end = json.trimEnd().length;
  const closer = CLOSERS.find((c) => json.endsWith(c, end));
  if (closer) json = json.slice(0, end - closer.length) + ' '.repeat(closer.length) + json.slice(end);
  return { json, offset };
}
