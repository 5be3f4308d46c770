import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportProduct } from '../model/import-payload.js';
import { ProductJson } from './product-json.js';

/**
 * The snapshot file's layout (formatVersion 2): valid JSON, and one product per line, so the next
 * plan can compare each product's text with the desired product's JSON and parse only the products
 * that differ (see BaselineMatcher). A 100k-product menu is ~135 MB of JSON; parsing all of it to
 * find the 1% that changed took most of plan's time and memory.
 *
 *   {"formatVersion":2,"hash":…,"appliedAt":…,"mode":…,"runId":…,"menu":{"categories":[…],"products":[
 *   {…product 1…},
 *   {…product n…}
 *   ]}}
 *
 * Each product is JSON.stringify(product), members in the product's own order: V8's fast path.
 * Canonical JSON (keys sorted at every level) made a 5k-product apply spend ~150 ms walking and
 * serializing the menu with a key list; equal text still means equal content, and a product whose
 * members only come in another order is parsed and compared field by field, with the same result.
 * `hash` is the sha256 of the menu's JSON without the line breaks.
 */
export const LINES_FORMAT_VERSION = 2;

export const MENU_KEY = ',"menu":';
/** How every formatVersion 2 file starts (writeSnapshot puts formatVersion first). */
const LINES_PREFIX = Buffer.from(`{"formatVersion":${LINES_FORMAT_VERSION},`);
const PRODUCTS_OPEN = '"products":[';
const TAIL = ']}}';
const COMMA = 0x2c;
const NEWLINE = 0x0a;
/** Pieces handed to the file one by one: big enough that 100k products are ~100 writes. */
const PIECE_CHARS = 1 << 20;

/** A menu's JSON, a product per string (the snapshot's lines; a replace's request body reuses them). */
export interface MenuLines {
  menu: CanonicalMenu;
  categories: string;
  products: string[];
  /**
   * The same JSON as UTF-8, `{"categories":…,"products":[…]}` without its opening brace, when it
   * is already encoded (a replace's request body ends with it): hashed in one piece then.
   */
  bytes?: Uint8Array;
}

/** ...and its hash: the CPU part of a snapshot write. */
export interface PreparedSnapshotMenu extends MenuLines {
  hash: string;
}

export function menuLines(menu: CanonicalMenu): MenuLines {
  const writer = new ProductJson();
  return {
    menu,
    categories: JSON.stringify(menu.categories),
    products: menu.products.map((product) => writer.json(product)),
  };
}

/** `lines` made earlier are used only when they were made from this very menu object. */
export function prepareSnapshotMenu(menu: CanonicalMenu, lines?: MenuLines): PreparedSnapshotMenu {
  const { categories, products, bytes } = lines?.menu === menu ? lines : menuLines(menu);
  if (bytes) {
    const hash = createHash('sha256').update('{').update(bytes).digest('hex');
    return { menu, categories, products, hash };
  }
  const hash = createHash('sha256').update(`{"categories":${categories},${PRODUCTS_OPEN}`);
  for (let i = 0; i < products.length; i++) hash.update(i === 0 ? products[i]! : `,${products[i]}`);
  return { menu, categories, products, hash: hash.update(']}').digest('hex') };
}

/** The file's text in pieces, after the envelope's JSON (given without its closing brace). */
export function snapshotPieces(envelopeOpen: string, prepared: PreparedSnapshotMenu): string[] {
  const pieces = [`${envelopeOpen}${MENU_KEY}{"categories":${prepared.categories},${PRODUCTS_OPEN}\n`];
  const { products } = prepared;
  // join makes each piece one flat string: built with += it would be a rope that the write
  // flattens first (~20 ms of a 5k-product write).
  for (let start = 0; start < products.length;) {
    let end = start;
    let chars = 0;
    while (end < products.length && chars < PIECE_CHARS) chars += products[end++]!.length;
    pieces.push(`${products.slice(start, end).join(',\n')}${end < products.length ? ',' : ''}\n`);
    start = end;
  }
  pieces.push(`${TAIL}\n`);
  return pieces;
}

/** What readLines found: the first line (envelope + categories), the products, and the hash. */
export interface SnapshotLines {
  /** The first line, up to and including `"products":[`. */
  head: string;
  products: ImportProduct[];
  /** sha256 of the menu bytes without line breaks (prepareSnapshotMenu's hash). */
  bytesHash: string;
  complete: boolean;
}

/**
 * Reads a formatVersion-2 file a line at a time (the file is never held whole). `undefined` when
 * the file has another layout (formatVersion 1, or pretty-printed): the caller reads it whole.
 * `parse` turns a product's text into the baseline product (BaselineMatcher or JSON.parse).
 */
export async function readLines(
  file: string,
  parse: (text: string, line: number) => ImportProduct,
): Promise<SnapshotLines | undefined> {
  const stream = createReadStream(file, { highWaterMark: PIECE_CHARS });
  try {
    return await readLinesFrom(stream as AsyncIterable<Buffer>, parse);
  } finally {
    stream.destroy();
  }
}

/** readLines over the file's bytes in chunks from anywhere (the PostgreSQL store keeps them as rows). */
export async function readLinesFrom(
  chunks: AsyncIterable<Buffer>,
  parse: (text: string, line: number) => ImportProduct,
): Promise<SnapshotLines | undefined> {
  const hash = createHash('sha256');
  const products: ImportProduct[] = [];
  let head: string | undefined;
  let complete = false;
  let lineNo = 0;
  let otherLayout = false;

  const onLine = (line: Buffer): boolean => {
    lineNo++;
    if (head === undefined) {
      head = line.toString('utf8');
      const at = line.indexOf(MENU_KEY);
      if (at < 0 || !head.endsWith(PRODUCTS_OPEN)) {
        otherLayout = true;
        return false;
      }
      hash.update(line.subarray(at + MENU_KEY.length));
      return true;
    }
    if (complete) {
      // Nothing but the final line break may follow the tail: anything else is not ours (and not hashed).
      if (line.length === 0) return true;
      complete = false;
      return false;
    }
    if (line.length === TAIL.length && line.toString('latin1') === TAIL) {
      hash.update(']}');
      complete = true;
      return true;
    }
    hash.update(line);
    const end = line[line.length - 1] === COMMA ? line.length - 1 : line.length;
    products.push(parse(line.toString('utf8', 0, end), lineNo));
    return true;
  };

  // Anything else (formatVersion 1 is the whole menu on one 100+ MB line) is left at its first
  // bytes, for the caller to read whole once, rather than gathered here as a line first.
  const isLines = (start: Buffer): boolean => {
    const ours = start.subarray(0, LINES_PREFIX.length).equals(LINES_PREFIX);
    if (!ours) otherLayout = true;
    return ours;
  };
  await forEachLine(chunks, onLine, isLines);
  if (otherLayout || head === undefined) return undefined;
  return { head, products, bytesHash: hash.digest('hex'), complete };
}

/** Calls `onLine` with each line's bytes (without the line break) until it returns false. */
async function forEachLine(
  chunks: AsyncIterable<Buffer>,
  onLine: (line: Buffer) => boolean,
  /** Sees the first chunk before any line; false stops there. */
  accept: (start: Buffer) => boolean,
): Promise<void> {
  // The unfinished line's pieces, joined once its end is found: a formatVersion 1 file is one
  // 100+ MB line, and joining at every chunk would copy it over and over.
  let carry: Buffer[] = [];
  let first = true;
  for await (const chunk of chunks) {
    if (first && !accept(chunk)) return;
    first = false;
    let start = 0;
    let nl = chunk.indexOf(NEWLINE);
    while (nl >= 0) {
      const part = chunk.subarray(start, nl);
      const line = carry.length === 0 ? part : Buffer.concat([...carry, part]);
      carry = [];
      if (!onLine(line)) return;
      start = nl + 1;
      nl = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
  }
  if (carry.length > 0) onLine(Buffer.concat(carry));
}

/**
 * Turns the snapshot's product lines into baseline products, reusing the desired product object
 * wherever the line is that product's JSON: equal text means equal content, so the plan
 * sees the same baseline as if every line had been parsed, but only changed, added or removed
 * products cost a JSON.parse and their own objects. Lines are expected in the desired order (an
 * export keeps its order from night to night); after an insertion or removal one parse finds the
 * place again, by ext_id.
 */
export class BaselineMatcher {
  private next = 0;
  private index: Map<string, number> | undefined;
  private readonly writer = new ProductJson();

  constructor(private readonly desired: readonly ImportProduct[]) {}

  take(text: string): ImportProduct {
    const candidate = this.desired[this.next];
    if (candidate !== undefined && this.writer.json(candidate) === text) {
      this.next++;
      return candidate;
    }
    const parsed = JSON.parse(text) as ImportProduct;
    const at = this.indexOf(parsed.ext_id);
    if (at === undefined || at < this.next) return parsed;
    // Products were added before this one: carry on from its place, and reuse it if unchanged.
    this.next = at + 1;
    const found = this.desired[at]!;
    return this.writer.json(found) === text ? found : parsed;
  }

  private indexOf(extId: unknown): number | undefined {
    if (typeof extId !== 'string') return undefined;
    if (!this.index) {
      this.index = new Map();
      this.desired.forEach((product, i) => {
        if (!this.index!.has(product.ext_id)) this.index!.set(product.ext_id, i);
      });
    }
    return this.index.get(extId);
  }
}
