/**
 * `JSON.stringify(value, null, 2)` in pieces (strings and UTF-8 bytes), so a 100k-product menu is
 * written as it is turned into text instead of as one string of hundreds of MB plus its bytes.
 *
 * The elements of the top-level value's arrays (a menu's categories and products) are turned into
 * text in batches by JSON.stringify itself: `{"a": batch}` puts each element at the depth it has in
 * the whole value, so the batch's text is the wrapper's text without its first and last lines.
 *
 * An element with a frozen child (the mapping hands every product with the same modifier sets the
 * same frozen options array, which is most of such a menu's text) is composed by hand instead, with
 * each frozen part turned into bytes once per depth and reused.
 *
 * Anything other than plain objects and arrays (a `toJSON`, a boxed value, a Map) is turned into text
 * at its own depth under its own key, so a `toJSON` sees the key it would see in the whole value.
 */
export type JsonPiece = string | Uint8Array;

/** Text of a batch of elements aims at about this many characters (small strings are cheap to drop). */
const BATCH_CHARS = 1 << 15;

export function* jsonPieces(value: unknown): Generator<JsonPiece> {
  if (!isPlainObject(value)) {
    yield JSON.stringify(value, null, 2) ?? 'undefined';
    return;
  }
  const frozen = new FrozenBytes();
  let count = 0;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const head = `${count === 0 ? '{' : ','}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(item) && item.length > 0 && !hasToJSON(item)) {
      count += 1;
      yield `${head}[\n`;
      yield* elementPieces(item, frozen);
      yield '\n  ]';
      continue;
    }
    const text = textAtDepth(key, item, 1);
    if (text === undefined) continue;
    count += 1;
    yield head + text;
  }
  yield count === 0 ? '{}' : '\n}';
}

const BATCH_HEAD = '{\n  "a": [\n'.length;
const BATCH_TAIL = '\n  ]\n}'.length;

/** An array's elements at depth 2, separated by ",\n", without the brackets. */
function* elementPieces(items: readonly unknown[], frozen: FrozenBytes): Generator<JsonPiece> {
  let perBatch = 64; // the first batch; the next ones are sized from the text of the last
  let start = 0;
  let separator = '';
  const batch = (end: number): string => {
    const text = JSON.stringify({ a: items.slice(start, end) }, null, 2);
    perBatch = Math.max(1, Math.round(((end - start) * BATCH_CHARS) / text.length));
    const elements = separator + text.slice(BATCH_HEAD, text.length - BATCH_TAIL);
    separator = ',\n';
    start = end;
    return elements;
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const keyed = hasToJSON(item);
    if (!keyed && !hasFrozenChild(item)) {
      if (i + 1 - start >= perBatch) yield batch(i + 1);
      continue;
    }
    if (i > start) yield batch(i);
    if (keyed) {
      yield `${separator}    ${textAtDepth(String(i), item, 2) ?? 'null'}`;
    } else {
      yield `${separator}    `;
      yield* objectPieces(item as Record<string, unknown>, frozen);
    }
    separator = ',\n';
    start = i + 1;
  }
  if (start < items.length) yield batch(items.length);
}

const ELEMENT_INDENT = '      ';

/** A plain object at depth 2 whose frozen children are reused as bytes. */
function* objectPieces(value: Record<string, unknown>, frozen: FrozenBytes): Generator<JsonPiece> {
  let text = '{';
  let count = 0;
  for (const key of Object.keys(value)) {
    const child = value[key];
    const bytes = isFrozenPlain(child) ? frozen.of(child, ELEMENT_INDENT) : undefined;
    const childText = bytes ? '' : textAtDepth(key, child, 3);
    if (childText === undefined) continue;
    text += `${count === 0 ? '' : ','}\n${ELEMENT_INDENT}${JSON.stringify(key)}: ${childText}`;
    count += 1;
    if (!bytes) continue;
    yield text;
    yield bytes;
    text = '';
  }
  yield count === 0 ? '{}' : `${text}\n    }`;
}

/**
 * The text of `value` as the property `key` of an object at `depth` (its lines indented to match),
 * by JSON.stringify of the value under that key in nested wrappers; undefined where JSON omits it.
 */
function textAtDepth(key: string, value: unknown, depth: number): string | undefined {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return JSON.stringify(value);
  }
  let wrapped: unknown = { [key]: value };
  let head = `{\n${'  '.repeat(depth)}${JSON.stringify(key)}: `.length;
  let tail = `\n${'  '.repeat(depth - 1)}}`.length;
  for (let d = depth - 1; d >= 1; d--) {
    wrapped = { a: wrapped };
    head += `{\n${'  '.repeat(d)}"a": `.length;
    tail += `\n${'  '.repeat(d - 1)}}`.length;
  }
  const text = JSON.stringify(wrapped, null, 2);
  // Without the property the innermost wrapper is "{}", shorter than its own head.
  return text.length > head + tail ? text.slice(head, text.length - tail) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && !hasToJSON(value);
}

/** A value whose `toJSON` JSON.stringify would call (objects, functions and bigints can have one). */
function hasToJSON(value: unknown): boolean {
  const type = typeof value;
  if (value === null || (type !== 'object' && type !== 'function' && type !== 'bigint')) return false;
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function isFrozenPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return false;
  return Array.isArray(value) ? !hasToJSON(value) : isPlainObject(value);
}

function hasFrozenChild(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) {
    if (isFrozenPlain(value[key])) return true;
  }
  return false;
}

/** UTF-8 text of frozen plain objects and arrays, by indentation (one object may sit at two depths). */
class FrozenBytes {
  private readonly texts = new Map<object, Map<string, Uint8Array>>();
  private readonly encoder = new TextEncoder();

  /** The bytes of `value` with its closing bracket at `indent`. */
  of(value: object, indent: string): Uint8Array {
    let byIndent = this.texts.get(value);
    if (!byIndent) this.texts.set(value, (byIndent = new Map()));
    let bytes = byIndent.get(indent);
    if (!bytes) {
      // No newline inside a JSON string (it is escaped), so every newline starts a line.
      const text = JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
      byIndent.set(indent, (bytes = this.encoder.encode(text)));
    }
    return bytes;
  }
}
