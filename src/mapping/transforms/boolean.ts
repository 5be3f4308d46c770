import type { BooleanOptions } from '../value-schema.js';
import type { CompiledTransform } from './types.js';

// Spellings seen across POS exports (Square Y/N, Shopify TRUE/active/draft, SumUp Yes/No) and the
// yes/no, true/false and active/inactive words of the languages `init` reads: Italian (S/N, Sì/No,
// Vero/Falso, Attivo), Spanish (S/N, Sí/No, V/F, Verdadero/Falso, Activo), German (J/N, Ja/Nein,
// Wahr/Falsch, Aktiv), French (O/N, Oui/Non, V/F, Vrai/Faux, Actif). Every single letter here
// means the same in each of those languages ("N" is no/nein/non, "V" verdadero/vrai), so none is
// read one way in one export and the other way in another.
export const TRUE_WORDS = [
  'y',
  'yes',
  'true',
  '1',
  'active',
  'visible',
  'on',
  'published',
  'enabled',
  'x',
  's',
  'si',
  'sí',
  'sì',
  'vero',
  'attivo',
  'v',
  'verdadero',
  'activo',
  'j',
  'ja',
  'wahr',
  'aktiv',
  'o',
  'oui',
  'vrai',
  'actif',
];
export const FALSE_WORDS = [
  'n',
  'no',
  'false',
  '0',
  'draft',
  'archived',
  'hidden',
  'unavailable',
  'off',
  'inactive',
  'disabled',
  'f',
  'falso',
  'non attivo',
  'inattivo',
  'inactivo',
  'nein',
  'falsch',
  'inaktiv',
  'non',
  'faux',
  'inactif',
];

export function compileBoolean(options: BooleanOptions = {}): CompiledTransform {
  const truthy = new Set([...TRUE_WORDS, ...(options.true ?? []).map(norm)]);
  const falsy = new Set([...FALSE_WORDS, ...(options.false ?? []).map(norm)]);
  // Explicit spellings win over the built-in lists (e.g. a column where "0" means something else).
  for (const word of options.true ?? []) falsy.delete(norm(word));
  for (const word of options.false ?? []) truthy.delete(norm(word));
  const invert = options.invert === true;
  // A flag column holds a few spellings ("Y", "N") row after row: the last text and its result
  // skip the trim/lowercase copy and the two lookups (only texts that gave a result are kept).
  let lastText: string | undefined;
  let lastResult: boolean | null = null;
  return (value, sink) => {
    if (typeof value === 'string' && value === lastText) return lastResult;
    let result: boolean | null;
    if (value === null) result = options.empty ?? null;
    else if (typeof value === 'boolean') result = value;
    else {
      const text = norm(String(value));
      // A spelling the mapping lists (`1.0`) is looked up as written before it is read as a digit.
      const key = truthy.has(text) || falsy.has(text) ? text : numericFlag(text);
      if (key === '') result = options.empty ?? null;
      else if (truthy.has(key)) result = true;
      else if (falsy.has(key)) result = false;
      else {
        sink.issue('bad-boolean', 'error', `not a yes/no value: "${String(value)}"`);
        return null;
      }
    }
    const out = result === null ? null : result !== invert;
    if (typeof value === 'string') {
      lastText = value;
      lastResult = out;
    }
    return out;
  };
}

/**
 * `1.0` and `0.0` are how a pandas round trip (Odoo's `Available in POS` through a DataFrame) writes
 * a flag: read as `1` and `0`, so they mean what the built-in or the mapping's own spellings say.
 */
function numericFlag(key: string): string {
  return /^[01]\.0+$/.test(key) ? key.charAt(0) : key;
}

/** NFC first: "Sì" typed on a Mac keyboard may arrive as "Si" + a combining grave accent. */
function norm(s: string): string {
  return s.normalize('NFC').trim().toLowerCase();
}
