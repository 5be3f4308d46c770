import { createHash } from 'node:crypto';
import anyAscii from 'any-ascii';
import type { CompiledTransform } from './types.js';

/**
 * Deterministic id text from a name: `Café Crème 50%` -> `cafe-creme-50`, `Супы` -> `supy-1f3c9a0b`.
 * Stable ext_ids for exports that have none must come from names, never from row numbers that shift
 * when rows are added. Rules (docs/mapping-format.md, "slug"):
 *
 * - A name written in Latin letters (with digits, punctuation, emoji, accents) keeps the slug it has
 *   always had: a changed ext_id is a delete and a re-create on the live menu.
 * - A name with letters of any other script is transliterated (any-ascii, pinned) for a readable
 *   start, and ends in a short hash of the NFC name: transliteration folds distinct names together
 *   (`汤` and `糖` are both "tang"), the hash keeps them apart.
 * - A name that leaves nothing (`🍕`, `???`) is the hash alone, never an empty id.
 */
const SIMPLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ASCII = /^[\x20-\x7e]*$/;
// Letters or digits of a script other than Latin: Common (digits, punctuation, emoji, `ー`) and
// Inherited (combining marks) belong to every script and leave a name Latin.
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const HASH_LENGTH = 8;

/** The slug of a name in Latin letters, exactly as menusync has always made it. */
function latinSlug(text: string): string {
  const source = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return source
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Eight hex digits of the SHA-256 of the NFC name: the same on every run and every machine. */
export function nameHash(name: string): string {
  return createHash('sha256')
    .update(name.normalize('NFC').trim(), 'utf8')
    .digest('hex')
    .slice(0, HASH_LENGTH);
}

export function slugify(text: string): string {
  // Fast paths: most names are plain ASCII, and ids are often slugs already (100k-row exports).
  if (SIMPLE.test(text)) return text;
  if (text.trim() === '') return '';
  const latin = !OTHER_SCRIPT.test(text);
  if (latin) {
    const slug = latinSlug(text);
    if (slug !== '') return slug;
  }
  const nfc = text.normalize('NFC');
  const readable = latinSlug(anyAscii(nfc));
  const hash = nameHash(nfc);
  return readable === '' ? hash : `${readable}-${hash}`;
}

export const slugTransform: CompiledTransform = (value) => {
  if (value === null) return null;
  const s = slugify(String(value));
  return s === '' ? null : s;
};

/** A name without case, accents and punctuation: how one name typed two ways still compares. */
function looseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * True when two names differ only in case, accents, spacing or punctuation ("Café", "CAFE",
 * "cafe!"): one category typed two ways, merged with a warning. Other names that reach one ext_id
 * are different categories, and merging them would be silent data loss.
 */
export function sameNameLoosely(a: string, b: string): boolean {
  return looseName(a) === looseName(b);
}
