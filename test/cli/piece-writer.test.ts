import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writePieces } from '../../src/cli/piece-writer.js';

const dir = await mkdtemp(path.join(tmpdir(), 'piece-writer-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function written(pieces: Iterable<string | Uint8Array>): Promise<Buffer> {
  const file = path.join(dir, `out-${Math.random()}.txt`);
  const handle = await open(file, 'w');
  try {
    await writePieces(handle, pieces);
  } finally {
    await handle.close();
  }
  return readFile(file);
}

function expected(pieces: readonly (string | Uint8Array)[]): Buffer {
  return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}

describe('writePieces', () => {
  it('writes nothing for no pieces', async () => {
    expect((await written([])).length).toBe(0);
  });

  it('writes strings and bytes in order, across many chunks and pieces larger than one', async () => {
    const shared = Buffer.from('shared bytes ✓\n'.repeat(200));
    const pieces: (string | Uint8Array)[] = [];
    for (let i = 0; i < 3000; i++) pieces.push(`piece ${i} é€😀 `, shared, '');
    pieces.push('x'.repeat(300_000), Buffer.alloc(200_000, 0x61), '😀'.repeat(70_000), 'end');
    expect((await written(pieces)).equals(expected(pieces))).toBe(true);
  });

  it('keeps multi-byte characters whole at a chunk boundary', async () => {
    for (const fill of [131_069, 131_070, 131_071, 131_072]) {
      const pieces = ['a'.repeat(fill), '€😀é', 'b'];
      expect((await written(pieces)).equals(expected(pieces))).toBe(true);
    }
  });

  it('passes on an error from the pieces after the write in flight settles', async () => {
    function* failing(): Generator<string> {
      yield 'x'.repeat(200_000);
      throw new Error('no more pieces');
    }
    await expect(written(failing())).rejects.toThrow('no more pieces');
  });
});
