import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { InputLimitError } from '../../src/extract/input-limits.js';
import { openSource } from '../../src/extract/registry.js';
import { inCallersWords } from '../../src/errors.js';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';

describe('inputs are regular files of a bounded size', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'menusync-input-file-'));
    await writeFile(path.join(dir, 'menu.csv'), 'Name,Price\nEspresso,2.40\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const failure = (file: string, limits = {}) =>
    openSource(file, {
      limits: {
        maxInputBytes: 1000,
        maxInflatedBytes: 1,
        maxSharedStrings: 1,
        maxCells: 1,
        maxCellChars: 1,
        ...limits,
      },
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );

  it('refuses a device whatever its extension or format', async () => {
    const error = await failure('/dev/zero');
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain('/dev/zero: not a regular file');
  });

  it('refuses a FIFO without blocking on it', async () => {
    const fifo = path.join(dir, 'export.csv');
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      console.warn('mkfifo is not available: FIFO case skipped');
      return;
    }
    expect(String(await failure(fifo))).toContain('not a regular file');
  });

  it('refuses a file larger than maxInputBytes, naming its size and the option', async () => {
    const error = await failure(path.join(dir, 'menu.csv'), { maxInputBytes: 10 });
    expect(error).toBeInstanceOf(InputLimitError);
    expect((error as InputLimitError).limit).toBe('maxInputBytes');
    // Made where no caller is known: the library's name, until a caller words it with its own.
    expect((error as Error).message).toMatch(
      /menu\.csv: 25 bytes, more than 10 \(the limit: limits\.maxInputBytes\)/,
    );
    expect((inCallersWords(error, FLAG_NAMES) as Error).message).toMatch(
      /menu\.csv: 25 bytes, more than 10 \(the limit: --max-input-bytes\)/,
    );
  });

  it('opens a regular file within the limit', async () => {
    expect(await failure(path.join(dir, 'menu.csv'))).toBeUndefined();
  });
});
