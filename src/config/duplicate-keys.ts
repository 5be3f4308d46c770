import { isMap, isScalar, visit, type Document, type LineCounter } from 'yaml';

/**
 * Each key a map of `doc` repeats, as `line: message` in the file's order, with yaml's own message. yaml's check compares each
 * key with every key before it (quadratic: 10,000 targets took seconds); a config is parsed with
 * `uniqueKeys: false` and checked here with one Set per map instead.
 */
export function duplicateKeyLines(doc: Document, lineCounter: LineCounter): string[] {
  const lines: number[] = [];
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const at = isScalar(pair.key) && pair.key.range ? lineCounter.linePos(pair.key.range[0]).line : 1;
        lines.push(at);
      }
    },
  });
  // Visited outside in: told in the file's order.
  return lines.sort((a, b) => a - b).map((line) => `${line}: Map keys must be unique`);
}
