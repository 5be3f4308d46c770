import { describe, expect, it } from 'vitest';
import type { ImportProduct } from '../../src/model/import-payload.js';
import { prepareSnapshotMenu, readLinesFrom, snapshotPieces } from '../../src/state/snapshot-lines.js';
import { readTextLines } from '../../src/state/postgres/pg-text-lines.js';
import { cafeMenu } from '../apply/menus.js';

const parse = (text: string): ImportProduct => JSON.parse(text) as ImportProduct;

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

function testMenu() {
  const menu = cafeMenu(30);
  menu.products[3]!.description = 'Crème brûlée ☕ 🍰';
  return menu;
}

/**
 * The text of a snapshot as the store writes it, re-cut every `size` code points (pg decodes whole
 * rows of valid UTF-8, so a piece never ends inside a character).
 */
function snapshotText(size: number): string[] {
  const menu = testMenu();
  const envelope = JSON.stringify({
    formatVersion: 2,
    hash: 'x',
    appliedAt: 'a',
    mode: 'replace',
    runId: 'r',
  });
  const text = snapshotPieces(envelope.slice(0, -1), prepareSnapshotMenu(menu)).join('');
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let at = 0; at < points.length; at += size) pieces.push(points.slice(at, at + size).join(''));
  return pieces;
}

const cases: [string, (pieces: string[]) => string[]][] = [
  ['a whole snapshot', (p) => p],
  ['a snapshot with text after its tail', (p) => [...p, 'extra\n']],
  ['a snapshot without its tail', (p) => [p.join('').replace(/\]\}\}\n$/, '')]],
  ['a snapshot of another layout', (p) => [p.join('').replace('{"formatVersion":2,', '{"formatVersion":1,')]],
  ['a snapshot whose head is not closed', (p) => [p.join('').replace('"products":[\n', '"products":[ \n')]],
];

describe('readTextLines (snapshot pieces read as text)', () => {
  it.each(cases)('finds in %s what readLinesFrom finds in its bytes', async (_, change) => {
    // From just past the layout prefix (readLinesFrom judges the layout by the first chunk) up.
    for (const size of [25, 100, 1 << 20]) {
      const pieces = change(snapshotText(size));
      const bytes = pieces.map((piece) => Buffer.from(piece, 'utf8'));
      expect(await readTextLines(from(pieces), parse)).toEqual(await readLinesFrom(from(bytes), parse));
    }
  });

  it('reads every product of a whole snapshot with its hash', async () => {
    const lines = await readTextLines(from(snapshotText(50)), parse);
    expect(lines?.complete).toBe(true);
    expect(lines?.products).toHaveLength(30);
    expect(lines?.products[3]?.description).toBe('Crème brûlée ☕ 🍰');
    expect(lines?.bytesHash).toBe(prepareSnapshotMenu(testMenu()).hash);
  });
});
