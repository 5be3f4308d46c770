import { isNode, isScalar, visit, type Document, type LineCounter } from 'yaml';
import { RESERVED_KEY } from '../model/named-record.js';

export type YamlData = { ok: true; value: unknown } | { ok: false; line: number; message: string };

/**
 * A parsed YAML document as plain data. `toJS` refuses aliases that expand too far (an alias
 * bomb: a few lines that would become billions of nodes; yaml's `maxAliasCount`, default 100) and
 * aliases it cannot resolve, both with a ReferenceError; that becomes a problem at the line of
 * the document's first alias, so the caller reports it like any other mistake in the file.
 */
export function yamlToData(doc: Document, lineCounter: LineCounter): YamlData {
  const reserved = reservedKeyLine(doc, lineCounter);
  if (reserved !== undefined) return { ok: false, line: reserved, message: RESERVED_KEY_MESSAGE };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    return {
      ok: false,
      line: firstAliasLine(doc, lineCounter),
      message: 'aliases (*name) expand too far or cannot be resolved: write the values out',
    };
  }
}

function firstAliasLine(doc: Document, lineCounter: LineCounter): number {
  let line = 1;
  visit(doc, {
    Alias(_key, node) {
      if (isNode(node) && node.range) line = lineCounter.linePos(node.range[0]).line;
      return visit.BREAK;
    },
  });
  return line;
}

/**
 * `__proto__` as a key would set the prototype of the object it is read into instead of naming
 * something: zod drops it from a record without a word (a config target so named vanished). It is
 * refused with its line wherever it appears in a file.
 */
const RESERVED_KEY_MESSAGE = `"${RESERVED_KEY}" cannot be a key: choose another name`;

function reservedKeyLine(doc: Document, lineCounter: LineCounter): number | undefined {
  let line: number | undefined;
  visit(doc, {
    Pair(_key, pair) {
      const key = pair.key;
      if (!isScalar(key) || key.value !== RESERVED_KEY) return undefined;
      line = key.range ? lineCounter.linePos(key.range[0]).line : 1;
      return visit.BREAK;
    },
  });
  return line;
}
