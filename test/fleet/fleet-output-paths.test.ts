import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_MAPPING } from '../cli-apply/fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { startFleetWorld } from './fleet-world.js';

// Nothing a fleet writes can overwrite what one of its targets reads: each --out-* is checked
// against every target's inputs, mapping, secret file and state folder before anything runs.

describe('a fleet --out-* that names what a target reads', () => {
  it('is refused (exit 2) before anything is read or sent, and the file is left whole', async () => {
    const dir = testTempDir('fleet-out');
    const w = await startFleetWorld(dir, [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
    ]);
    try {
      await mkdir(w.stateDir, { recursive: true });
      const secret = path.join(dir, 'secrets', 'south.secret');
      const before = await readFile(secret, 'utf8');
      const cases: [string, string, RegExp][] = [
        [
          '--out-md',
          secret,
          /Cannot write --out-md .*south\.secret: it is target south's client-secret-file/,
        ],
        ['--out-html', path.join(dir, 'north.csv'), /it is target north's input/],
        ['--out-json', DEMO_MAPPING, /it is target north's mapping/],
        ['--out-md', path.join(w.stateDir, 'x.md'), /it is inside the state directory/],
      ];
      for (const [option, file, why] of cases) {
        const result = await w.run(['apply', '--all', '--yes', option, file]);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toMatch(why);
      }
      expect(await readFile(secret, 'utf8')).toBe(before);
      expect(w.sandbox.requests).toHaveLength(0);
    } finally {
      await w.close();
    }
  }, 120_000);
});
