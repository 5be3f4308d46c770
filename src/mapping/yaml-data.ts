import { isNode, visit, type Document, type LineCounter } from 'yaml';

export type YamlData = { ok: true; value: unknown } | { ok: false; line: number; message: string };

/**
 * A parsed YAML document as plain data. `toJS` refuses aliases that expand too far (an alias
 * bomb: a few lines that would become billions of nodes; yaml's `maxAliasCount`, default 100) and
 * aliases it cannot resolve, both with a ReferenceError; that becomes a problem at the line of
 * the document's first alias, so the caller reports it like any other mistake in the file.
 */
export function yamlToData(doc: Document, lineCounter: LineCounter): YamlData {
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
