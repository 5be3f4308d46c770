import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWorld, type CliWorld } from './fixture.js';

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const HEADER = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n';

/** A demo-format export: UTF-8 "Café crème" and "Crème brûlée", and a Windows-1252 "’" on row 3. */
async function strayByteExport(): Promise<string> {
  const file = path.join(w.dir, 'stray.csv');
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(`${HEADER}latte,Café crème,Coffee,,,3.50,Y,Y\nchef,Chef`),
      Buffer.from([0x92]),
      Buffer.from('s special,Coffee,Crème brûlée,,4.00,Y,N\n'),
    ]),
  );
  return file;
}

describe('apply with invalid UTF-8 in the export', () => {
  it('blocks with exit 3, names the row, the column and the byte, and sends nothing', async () => {
    const input = await strayByteExport();
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain('stray.csv, row 3, column "Name": invalid UTF-8 0x92 at byte');
    expect(result.stderr).toContain('encoding utf-8 (5 valid multi-byte sequences, 1 invalid in the sample)');
    expect(`${result.stdout}${result.stderr}`).not.toContain('Caf√©');
    expect(`${result.stdout}${result.stderr}`).not.toContain('CafÃ©');
    expect(w.imports()).toBe(0);
  });

  it('blocks a file no encoding reads better, and applies it with --encoding', async () => {
    // Only 0x92: "’" in Windows-1252, "í" in MacRoman; no UTF-8 sequence. Not a guess: blocked.
    const input = path.join(w.dir, 'ascii-and-one.csv');
    await writeFile(
      input,
      Buffer.concat([
        Buffer.from(`${HEADER}chef,Chef`),
        Buffer.from([0x92]),
        Buffer.from('s special,Coffee,,,4.00,Y,N\n'),
      ]),
    );
    const blocked = await w.run(w.args('apply', input, '--yes'));
    expect(blocked.code, blocked.stderr).toBe(3);
    expect(blocked.stderr).toContain('no single-byte encoding reads better');
    expect(blocked.stderr).toContain('row 2, column "Name": invalid UTF-8 0x92');
    expect(w.imports()).toBe(0);

    const given = await w.run(w.args('apply', input, '--yes', '--encoding', 'windows-1252'));
    expect(given.code, given.stderr).toBe(0);
    expect(given.stderr).toContain('encoding windows-1252 (set by --encoding)');
    expect(given.stderr).toContain('0 warnings, 0 errors');
    expect(w.sandbox.exportMenu(w.clientId).products.map((product) => product.name)).toEqual([
      'Chef’s special',
    ]);
  });

  it('refuses an encoding it cannot read with exit 2 before reading anything', async () => {
    const result = await w.run(w.args('apply', await strayByteExport(), '--yes', '--encoding', 'ebcdic'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--encoding ebcdic is not an encoding menusync reads');
    expect(w.imports()).toBe(0);
  });
});
