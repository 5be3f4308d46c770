import type { Source } from '../extract/types.js';
import { jsonMayHoldInvisible } from '../model/invisible-characters.js';
import type { InputRead } from './types.js';

/** What was opened and what else can put text in the menu (mapping, parameters, sets file). */
export interface ReadLog {
  sources: Source[];
  settings: unknown[];
}

export function inputRead(source: Source): InputRead {
  return {
    file: source.file,
    ...(source.encoding !== undefined ? { encoding: source.encoding } : {}),
    ...(source.encodingReason !== undefined ? { encodingReason: source.encodingReason } : {}),
  };
}

/**
 * Whether the menu can hold U+FFFD, NUL or an invisible character: searching a 100k-product menu (a million option
 * values) costs ~5% of an extract, while the sources already know whether their text held any
 * (CSV and JSON check natively as they read); the mapping and parameters are searched as JSON.
 */
export function mayBeGarbled(log: ReadLog): boolean {
  if (log.sources.some((source) => source.textMayBeGarbled?.() !== false)) return true;
  return jsonMayHoldInvisible(JSON.stringify(log.settings));
}
