import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

describe('menusync serve: its command line', () => {
  it.each([
    ['no token anywhere', ['--listen', '127.0.0.1:0'], {}, /needs a token: set MENUSYNC_CONSOLE_TOKEN/],
    [
      'a --listen without a port',
      ['--listen', '127.0.0.1'],
      { MENUSYNC_CONSOLE_TOKEN: 'quick-token-0123456789' },
      /--listen 127\.0\.0\.1 is not HOST:PORT/,
    ],
    [
      'a port past 65535',
      ['--listen', '127.0.0.1:70000'],
      { MENUSYNC_CONSOLE_TOKEN: 'quick-token-0123456789' },
      /is not HOST:PORT/,
    ],
  ])('refuses %s with exit 2 and one line', async (_name, args, env, message) => {
    const dir = testTempDir('console-cli');
    const result = await runCli(['serve', '--state', path.join(dir, 'state'), ...args], { cwd: dir, env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr).not.toContain('quick-token');
  });
});
