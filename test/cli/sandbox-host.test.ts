import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

describe('menusync sandbox --host', () => {
  it('refuses a non-loopback interface without --allow-remote, since its inspection endpoints need no login', async () => {
    const result = await runCli(['sandbox', '--host', '0.0.0.0', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: refusing to listen on 0\.0\.0\.0/m);
    expect(result.stdout).toBe('');
  });
});
