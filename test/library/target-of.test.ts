import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { plan } from '../../src/library/index.js';
import type { RunOptions } from '../../src/library/options.js';
import { targetOf } from '../../src/library/run-settings-of.js';
import { normalizeBaseUrl } from '../../src/platform/menu-address.js';
import { targetDir } from '../../src/state/target.js';

const options = (baseUrl: string): RunOptions => ({
  target: { baseUrl, clientId: 'bistro' },
  mapping: 'mapping.yaml',
  inputs: ['menu.csv'],
});

describe("the library's target", () => {
  it('normalises the base URL as the CLI does: one menu, one state folder, however it is spelled', () => {
    const spellings = [
      'https://platform.example.com/api',
      'HTTPS://Platform.Example.COM:443/api/',
      'https://platform.example.com:0443/api//?',
      'https://platform.example.com/api/#top',
    ];
    const targets = spellings.map((spelling) => targetOf(options(spelling)));
    for (const target of targets) {
      expect(target.baseUrl).toBe('https://platform.example.com/api');
      expect(target.baseUrl).toBe(normalizeBaseUrl(target.baseUrl));
    }
    const folders = new Set(targets.map((target) => targetDir('/state', target)));
    expect(folders.size).toBe(1);
  });

  it('refuses what the CLI refuses: another scheme, a user:password@, not a URL', () => {
    for (const bad of ['ftp://platform.example.com', 'https://me:hunter2@platform.example.com', 'nowhere'])
      expect(() => targetOf(options(bad)), bad).toThrow(UsageError);
  });

  it('a library plan with a refused base URL ends with exit 2, never throws, never shows the password', async () => {
    const result = await plan({ ...options('https://me:hunter2@platform.example.com'), offline: true });
    expect(result.exit).toBe(2);
    expect(result.errorText).toMatch(/user name or password/);
    expect(JSON.stringify({ ...result, error: undefined })).not.toContain('hunter2');
  });
});
