import { decodeHTML } from 'entities';
import type { ReplaceOptions, SplitOptions } from '../value-schema.js';
import type { CompiledTransform, Scalar } from './types.js';
import { memoByText } from '../../model/text-memo.js';

const asText = (value: Scalar): string | null => (value === null ? null : String(value));
const emptyToNull = (s: string): string | null => (s === '' ? null : s);

export const trim: CompiledTransform = (value) => {
  const s = asText(value);
  return s === null ? null : emptyToNull(s.trim());
};
export const lower: CompiledTransform = (value) => (typeof value === 'string' ? value.toLowerCase() : value);
export const upper: CompiledTransform = (value) => (typeof value === 'string' ? value.toUpperCase() : value);

const BREAK_TAGS = /<\s*(\/p|\/div|\/ul|\/ol|\/h[1-6]|\/tr)\s*>/gi;
// Editors write `<br />` AND a newline for one line break (SumUp, Shopify): the pair is one break.
const BR_TAG = /<\s*br\s*\/?\s*>[ \t\u00a0]*\n?/gi;
const LIST_ITEM = /<\s*li[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;

const SPACE_RUN = /[ \t\u00a0]+/g;
// Only a tab, a no-break space or two spaces in a row need the regex: most lines have none.
const NEEDS_COLLAPSE = /[\t\u00a0]| {2}/;

function oneLine(line: string): string {
  return (NEEDS_COLLAPSE.test(line) ? line.replace(SPACE_RUN, ' ') : line).trim();
}

/** `<p>` + text without tags + `</p>` (lower-case, as editors write it). */
function isOneParagraph(html: string): boolean {
  return html.startsWith('<p>') && html.endsWith('</p>') && html.indexOf('<', 3) === html.length - 4;
}

/** HTML descriptions (Shopify Body (HTML), Square, Lightspeed) as plain text with line breaks kept. */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&') && !html.includes('\n')) return oneLine(html);
  let tagless = html.includes('\r') ? html.replace(/\r\n?/g, '\n') : html;
  if (isOneParagraph(tagless)) {
    // `<p>text</p>`, the usual shape of a POS description: the four tag passes below would turn
    // it into `text` plus a line break that the trim at the end drops anyway.
    tagless = tagless.slice(3, -4);
  } else if (tagless.includes('<')) {
    tagless = tagless
      .replace(BR_TAG, '\n')
      .replace(BREAK_TAGS, '\n')
      .replace(LIST_ITEM, '\n- ')
      .replace(ANY_TAG, '');
  }
  const text = tagless.includes('&') ? decodeHTML(tagless) : tagless;
  // Most descriptions are one paragraph: no lines to split and join (~0.1 s on 100k rows).
  if (!text.includes('\n')) return oneLine(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const htmlToTextTransform: CompiledTransform = (value) => {
  const s = asText(value);
  return s === null ? null : emptyToNull(htmlToText(s));
};

export function compileSplit(options: SplitOptions): CompiledTransform {
  const index = options.index ?? 0;
  return (value) => {
    const s = asText(value);
    if (s === null) return null;
    const parts = s.split(options.separator);
    const part = parts[index < 0 ? parts.length + index : index];
    return part === undefined ? null : emptyToNull(part.trim());
  };
}

export function compileReplace(options: ReplaceOptions): CompiledTransform {
  return (value) => {
    const s = asText(value);
    return s === null ? null : emptyToNull(s.split(options.find).join(options.with));
  };
}

export function compileDefault(fallback: string | number | boolean): CompiledTransform {
  return (value) => (value === null || value === '' ? fallback : value);
}

export function compileNullIf(values: readonly string[]): CompiledTransform {
  const set = new Set(values.map((v) => v.trim().toLowerCase()));
  // Option values ("Small", "Large") repeat on every row: no lower-case copy of each.
  const matches = memoByText((text) => set.has(text.trim().toLowerCase()), { maxLength: 64 });
  return (value) => (value !== null && matches(String(value)) ? null : value);
}
