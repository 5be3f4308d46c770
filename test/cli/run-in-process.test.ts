import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import { testTempDir } from '../helpers/temp-dir.js';

// run() is the CLI as a function (tests, the demo, an embedding tool): each call answers with
// its own exit code and leaves the process's as it found it.

describe('run() in one process', () => {
  it('returns each call its own exit code, not an earlier call’s', async () => {
    const config = path.join(testTempDir('run'), 'menusync.config.yaml');
    await writeFile(
      config,
      'targets:\n  shop:\n    mapping: ./no-such-mapping.yaml\n    inputs: [menu.csv]\n',
    );
    const before = process.exitCode;
    // config validate reports its problems by setting the exit code (2), not by throwing.
    expect(await run(['config', 'validate', '--config', config])).toBe(2);
    expect(process.exitCode).toBe(before);
    // --version sets none of its own: it must not answer with the 2 above.
    expect(await run(['--version'])).toBe(0);
  });
});
