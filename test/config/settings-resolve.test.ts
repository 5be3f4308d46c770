import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';
import { loadConfig } from '../../src/config/load-config.js';
import { resolveSettings } from '../../src/config/settings/resolve.js';
import type { GivenSettings } from '../../src/config/settings/types.js';
import { UsageError } from '../../src/errors.js';
import { OPTION_NAMES } from '../../src/model/setting-names.js';
import { testTempDir } from '../helpers/temp-dir.js';

type Source = 'given' | 'target' | 'defaults' | 'env' | 'built-in';
const ORDER: Source[] = ['given', 'target', 'defaults', 'env', 'built-in'];

/** Each source's value of the settings under test; a source lower than `winner` is always there too. */
const VALUES = {
  given: {
    baseUrl: 'https://given.example',
    maxAttempts: 7,
    maxPayloadBytes: 1001,
    posUid: 'g',
    allow: '11',
  },
  target: {
    baseUrl: 'https://target.example',
    maxAttempts: 8,
    maxPayloadBytes: 1002,
    posUid: 't',
    allow: 12,
  },
  defaults: {
    baseUrl: 'https://defaults.example',
    maxAttempts: 9,
    maxPayloadBytes: 1003,
    posUid: 'd',
    allow: 13,
  },
  env: { baseUrl: 'https://env.example' },
} as const;

/** A config file with the target's and the defaults' keys when those sources take part. */
async function configWith(sources: readonly Source[]): Promise<string> {
  const keys = (v: (typeof VALUES)['target' | 'defaults']) =>
    `{ base_url: ${v.baseUrl}, client_id: c, max_attempts: ${v.maxAttempts}, max_payload_bytes: ${v.maxPayloadBytes}, pos_uid: ${v.posUid}, guards: { allow_deletes: ${v.allow} } }`;
  const lines = [
    ...(sources.includes('defaults') ? [`defaults: ${keys(VALUES.defaults)}`] : []),
    'targets:',
    `  shop: ${sources.includes('target') ? keys(VALUES.target) : '{ client_id: c }'}`,
  ];
  const file = path.join(testTempDir('settings'), 'menusync.config.yaml');
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

async function resolveFrom(winner: Source) {
  const sources = ORDER.slice(ORDER.indexOf(winner));
  const v = VALUES.given;
  const given: GivenSettings = sources.includes('given')
    ? {
        target: 'shop',
        posUid: v.posUid,
        maxPayloadBytes: v.maxPayloadBytes,
        guards: { allowDeletes: v.allow },
        connection: { baseUrl: v.baseUrl, maxAttempts: v.maxAttempts },
      }
    : { target: 'shop' };
  const env = sources.includes('env') ? { MENUSYNC_BASE_URL: VALUES.env.baseUrl } : {};
  const loaded = await loadConfig(await configWith(sources));
  return resolveSettings(given, { loaded, env, names: FLAG_NAMES });
}

describe('resolveSettings: given > config target > config defaults > environment > built-in', () => {
  it.each([
    ['given', 'https://given.example', 7, 1001, 'g', 11],
    ['target', 'https://target.example', 8, 1002, 't', 12],
    ['defaults', 'https://defaults.example', 9, 1003, 'd', 13],
    ['env', 'https://env.example', 5, 5 * 1024 * 1024, 'default', undefined],
    ['built-in', undefined, 5, 5 * 1024 * 1024, 'default', undefined],
  ] as const)(
    'the highest source present wins: %s',
    async (winner, baseUrl, maxAttempts, maxPayloadBytes, posUid, allow) => {
      const settings = await resolveFrom(winner);
      expect(settings.connection.baseUrl).toBe(baseUrl);
      expect(settings.connection.maxAttempts).toBe(maxAttempts);
      expect(settings.maxPayloadBytes).toBe(maxPayloadBytes);
      expect(settings.posUid).toBe(posUid);
      expect(settings.guards.allowDeletes).toEqual(allow === undefined ? undefined : { count: allow });
    },
  );

  it('reads no environment when told none (the library), and no config without one', async () => {
    const settings = await resolveSettings({}, { loaded: null, env: {} });
    expect(settings.connection).toEqual({
      auth: 'oauth',
      maxAttempts: 5,
      maxRetryTimeSeconds: 120,
      timeoutSeconds: 30,
    });
    expect(settings.config).toEqual({});
  });
});

describe('resolveSettings: every number in range, named as the caller names it', () => {
  it.each([
    [
      { maxPayloadBytes: 0 },
      /^--max-payload-bytes must be a whole number from 1 to/,
      /^maxPayloadBytes must be/,
    ],
    [{ keepRuns: 0 }, /^--keep-runs must be/, /^keepRuns must be/],
    [
      { guards: { allowDeletes: 'lots' } },
      /^--allow-deletes must be a count like 12/,
      /^guards\.allowDeletes must/,
    ],
    [
      { guards: { allowHiding: '120%' } },
      /^--allow-hiding 120% is more than 100%/,
      /^guards\.allowHiding 120%/,
    ],
    [{ guards: { erosionDays: 0 } }, /^--erosion-days must be/, /^guards\.erosionDays must be/],
    [{ connection: { maxAttempts: 0 } }, /^--max-attempts must be/, /^target\.maxAttempts must be/],
    [
      { connection: { timeoutSeconds: 0 } },
      /^--timeout must be at least 0\.001/,
      /^target\.timeoutSeconds must/,
    ],
    [
      { connection: { maxRetryTimeSeconds: -1 } },
      /^--max-retry-time must be 0 to/,
      /^target\.maxRetryTimeSeconds/,
    ],
    [{ limits: { maxCells: 0 } }, /^--max-cells must be/, /^limits\.maxCells must be/],
    [{ connection: { baseUrl: 'ftp://x.example' } }, /must be http/, /must be http/],
  ] as [GivenSettings, RegExp, RegExp][])('%j', async (given, asFlag, asOption) => {
    const sources = { loaded: null, env: {} };
    await expect(resolveSettings(given, { ...sources, names: FLAG_NAMES })).rejects.toThrow(asFlag);
    const error = await resolveSettings(given, { ...sources, names: OPTION_NAMES }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(asOption);
    expect((error as Error).message).not.toMatch(/--[a-z]/);
  });

  it('takes an input limit from the config target when nothing is given', async () => {
    const file = path.join(testTempDir('settings-range'), 'menusync.config.yaml');
    await writeFile(file, 'targets:\n  shop: { client_id: c, max_cells: 5 }\n');
    const loaded = await loadConfig(file);
    const settings = await resolveSettings({ target: 'shop' }, { loaded, env: {}, names: FLAG_NAMES });
    expect(settings.limits).toEqual({ maxCells: 5 });
  });
});
