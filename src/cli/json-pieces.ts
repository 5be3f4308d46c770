/**
 * `JSON.stringify(value, null, 2)` in pieces, one per element of the top-level value's arrays
 * (a menu's categories and products), so a 100k-product menu is written as it is turned into text
 * instead of as one string of hundreds of MB plus its bytes.
 *
 * Frozen objects and arrays are turned into text once per depth: the mapping hands every product
 * with the same modifier sets the same frozen options array, which is most of a menu's text (a
 * 100k-product menu with two shared sets: ~220 ms instead of ~750 ms for JSON.stringify alone).
 * A value with no frozen child is left to JSON.stringify, which is faster than composing by hand.
 * Anything other than plain objects, arrays and primitives (a `toJSON`, a boxed value, a Map) is
 * left to JSON.stringify; the one difference is that such a `toJSON` is called with the key "".
 */
export function* jsonPieces(value: unknown): Generator<string> {
  if (!isPlainObject(value)) {
    yield JSON.stringify(value, null, 2) ?? 'undefined';
    return;
  }
  const texts = new JsonText();
  const entries = Object.keys(value).filter((key) => !omitted(value[key], texts));
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  yield '{';
  for (const [n, key] of entries.entries()) {
    const item = value[key];
    const head = `${n === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `;
    if (!Array.isArray(item) || item.length === 0) {
      yield head + texts.of(item, '  ')!;
      continue;
    }
    yield `${head}[`;
    for (let i = 0; i < item.length; i++) {
      yield `${i === 0 ? '' : ','}\n    ${texts.of(item[i], '    ') ?? 'null'}`;
    }
    yield '\n  ]';
  }
  yield '\n}';
}

/** True where JSON.stringify leaves a property out (undefined, a function, a symbol, such a toJSON). */
function omitted(value: unknown, texts: JsonText): boolean {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return true;
  const exotic =
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value);
  return exotic && texts.of(value, '  ') === undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function hasFrozenChild(value: unknown[] | Record<string, unknown>): boolean {
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (typeof child === 'object' && child !== null && Object.isFrozen(child)) return true;
  }
  return false;
}

class JsonText {
  /** Text of frozen objects and arrays, by indentation (the same object may sit at two depths). */
  private readonly frozen = new Map<object, Map<string, string | undefined>>();

  /** The text of `value` at `indent` (its closing bracket's indentation); undefined where JSON omits it. */
  of(value: unknown, indent: string): string | undefined {
    if (typeof value !== 'object' || value === null) return JSON.stringify(value);
    if (!Array.isArray(value) && !isPlainObject(value)) {
      return JSON.stringify(value, null, 2)?.replaceAll('\n', `\n${indent}`);
    }
    if (!Object.isFrozen(value)) {
      // Without a frozen part to reuse, JSON.stringify itself is faster than composing by hand.
      if (!hasFrozenChild(value)) return JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
      return this.compose(value, indent);
    }
    let byIndent = this.frozen.get(value);
    if (!byIndent) this.frozen.set(value, (byIndent = new Map()));
    if (!byIndent.has(indent)) byIndent.set(indent, this.compose(value, indent));
    return byIndent.get(indent);
  }

  private compose(value: unknown[] | Record<string, unknown>, indent: string): string {
    const inner = `${indent}  `;
    const parts: string[] = [];
    if (Array.isArray(value)) {
      for (const item of value) parts.push(this.of(item, inner) ?? 'null');
      return parts.length === 0 ? '[]' : `[\n${inner}${parts.join(`,\n${inner}`)}\n${indent}]`;
    }
    for (const key of Object.keys(value)) {
      const text = this.of(value[key], inner);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}: ${text}`);
    }
    return parts.length === 0 ? '{}' : `{\n${inner}${parts.join(`,\n${inner}`)}\n${indent}}`;
  }
}
